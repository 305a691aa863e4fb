import { endpoints } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type AuditEntity = 'course' | 'tier' | 'user';
export interface AuditListQuery {
  entity?: AuditEntity | undefined;
  actor?: string | undefined;
  page: number;
}
export const AUDIT_PAGE_SIZE = 25;

/** GET /admin/audit: staff writes, newest first, by entity and actor (admin). */
export const adminAuditQuery = (query: AuditListQuery) =>
  queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => api(endpoints.adminAudit, { query: { ...query, size: AUDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminAudit = (query: AuditListQuery) => useQuery(adminAuditQuery(query));
