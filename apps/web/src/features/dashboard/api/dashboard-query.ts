import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';

/** GET /dashboard: the learner's courses with progress, metrics and achievements. */
export const dashboardQuery = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.learner(userId),
    queryFn: ({ signal }) => api(endpoints.dashboard, { signal }),
    // Progress changes while the learner watches elsewhere: coming back shows fresh figures. The course page
    // also refreshes this answer in the background when the player closes, so they are there at once.
    staleTime: 0,
  });
