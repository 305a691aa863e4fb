import { type Dashboard, routes } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const dashboardQueryKey = (userId: string) => ['dashboard', userId] as const;

/** GET /dashboard: the learner's courses with progress, metrics and achievements. */
export const dashboardQuery = (userId: string) =>
  queryOptions({
    queryKey: dashboardQueryKey(userId),
    queryFn: ({ signal }): Promise<Dashboard> => apiRequest<Dashboard>(routes.dashboard, { signal }),
    // Progress changes while the learner watches elsewhere: coming back shows fresh figures.
    staleTime: 0,
  });
