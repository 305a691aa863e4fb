import { type AdminLearner, endpoints, type GrantAccessBody } from '@kaushal/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** The learners' reads, under the console's keys (so signing out drops them with the rest). */
export const learnerKeys = {
  all: () => [...adminKeys.all, 'learners'] as const,
  list: (q: string) => [...learnerKeys.all(), 'list', q] as const,
  detail: (id: string) => [...learnerKeys.all(), 'detail', id] as const,
};

/** GET /admin/learners?q=: learners whose name or email contains q, newest first, 25 a page (Load more). */
export const adminLearnersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: learnerKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api(endpoints.adminLearners, { query: { q: q || undefined, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useAdminLearners = (q: string) => useInfiniteQuery(adminLearnersQuery(q));

/** GET /admin/learners/:id: the account, enrollments, progress, orders, certificates and messages. */
export const adminLearnerQuery = (id: string) =>
  queryOptions({
    queryKey: learnerKeys.detail(id),
    queryFn: ({ signal }) => api(endpoints.adminLearner, { params: { id }, signal }),
    staleTime: 0,
  });

export const useAdminLearner = (id: string) => useQuery(adminLearnerQuery(id));

/** After a grant or revoke: the page as the API answered it, and the audit log read again. */
function useLearnerWrite<V>(id: string, write: (vars: V) => Promise<AdminLearner>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (learner) => queryClient.setQueryData(adminLearnerQuery(id).queryKey, learner),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
  });
}

/** POST /admin/learners/:id/access: lifetime or a week of a course, with a reason (the learner is emailed). */
export const useGrantAccess = (id: string) =>
  useLearnerWrite(id, (body: GrantAccessBody) => api(endpoints.adminGrantAccess, { params: { id }, body }));

/** POST /admin/learners/:id/access/:courseId/revoke: ends the enrollment, with a reason for the audit log. */
export const useRevokeAccess = (id: string) =>
  useLearnerWrite(id, ({ courseId, reason }: { courseId: string; reason: string }) =>
    api(endpoints.adminRevokeAccess, { params: { id, courseId }, body: { reason } }),
  );
