import { endpoints } from '@kaushal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/me: the caller's staff roles and the courses they teach, asked afresh on entering the console. */
export const adminMeQuery = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => api(endpoints.adminMe, { signal }),
    staleTime: 60_000,
  });

export const useAdminMe = () => useQuery(adminMeQuery());
