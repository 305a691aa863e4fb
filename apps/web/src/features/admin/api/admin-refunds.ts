import { endpoints, type RefundDecisionBody, type RefundStatus } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/refunds?status=: refunds and cancellation requests, newest first (support, admin). */
export const adminRefundsQuery = (status: RefundStatus) =>
  queryOptions({
    queryKey: adminKeys.refundList({ status }),
    queryFn: ({ signal }) => api(endpoints.adminRefunds, { query: { status, limit: 100 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminRefunds = (status: RefundStatus) => useQuery(adminRefundsQuery(status));

/** POST /admin/refunds/:id/decision: approve a cancellation request (refunds in full) or reject it with a reason. */
export function useRefundDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundDecisionBody }) =>
      api(endpoints.adminRefundDecision, { params: { id }, body }),
    // Read again after a refusal too: a Razorpay timeout (503) leaves the refund pending, a 409 means someone
    // else decided it first.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.refunds() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
    },
  });
}
