import { type AdminEmail, endpoints } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type EmailStatus = AdminEmail['status'];
export interface EmailListQuery {
  status?: EmailStatus | undefined;
  page: number;
}
export const EMAIL_PAGE_SIZE = 25;

/** GET /admin/emails: what the product sent or tried to send, newest first (admin, support). */
export const adminEmailsQuery = (query: EmailListQuery) =>
  queryOptions({
    queryKey: adminKeys.emails(query),
    queryFn: ({ signal }) => api(endpoints.adminEmails, { query: { ...query, size: EMAIL_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminEmails = (query: EmailListQuery) => useQuery(adminEmailsQuery(query));
