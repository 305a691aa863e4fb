import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';

/**
 * GET /users/me/certificates: the certificates the learner earned, newest first. Under the dashboard's key, so
 * what refreshes the dashboard after watching (the course page) refreshes these too.
 */
export const myCertificatesQuery = (userId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.learner(userId), 'certificates'],
    queryFn: ({ signal }) => api(endpoints.myCertificates, { signal }),
    staleTime: 0,
  });
