import { endpoints, type StaffRole } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export interface UserListQuery {
  q?: string | undefined;
  role?: StaffRole | undefined;
  page: number;
  size?: number;
}

/** GET /admin/users: users by name or email, or everyone holding a role, with their staff roles (admin). */
export const adminUsersQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => api(endpoints.adminUsers, { query: { size: 20, ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: UserListQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...adminUsersQuery(query), ...options });
