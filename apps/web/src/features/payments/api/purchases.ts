import { type CancellationRequestBody, endpoints, type RefundOutcome } from '@kaushal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { ApiError, api, callPath } from '@/lib/api-client';
import { catalogueKeys, dashboardKeys } from '@/lib/query-keys';
import { errorText } from '../lib/error-text';
import { refundOutcomeToast } from '../lib/purchase-status';

const SERVER_FAILED = msg('Something went wrong on our side. Please try again.');

import { msg } from '@/lib/i18n/i18n';
import { paymentKeys } from './payment-keys';

/** GET /users/me/purchases: every order with its invoice, credit notes, refunds and what the policy allows now. */
export const purchasesQuery = () =>
  queryOptions({
    queryKey: paymentKeys.purchases(),
    queryFn: ({ signal }) => api(endpoints.myPurchases, { signal }),
    // What the refund policy allows changes by the hour and with watching: always asked again on a visit.
    staleTime: 0,
  });

/** Where an invoice's or credit note's PDF is served (a path under the API prefix). */
export const invoicePdfPath = (id: string) => callPath(endpoints.invoicePdf, { params: { id } });

/**
 * After a refund or a request: the history again, and, since a refund ends the access it paid for and revokes
 * the course's certificate, the course and the dashboard (with its certificates) too.
 */
function useRefreshAfterRefund() {
  const queryClient = useQueryClient();
  return (courseId: string) => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'all' });
    return queryClient.invalidateQueries({ queryKey: paymentKeys.purchases() });
  };
}

/**
 * POST /payments/orders/:id/refund: the policy's self-serve refund, in full. The outcome is said here, not by
 * the dialog: the refreshed history replaces the Refund button, and a call's own callbacks would not run once
 * it is gone.
 */
export function useRefundOrder() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: ({ orderId }: { orderId: string; courseId: string }): Promise<RefundOutcome> =>
      api(endpoints.refundOrder, { params: { id: orderId } }),
    onSuccess: (outcome) => void toast(refundOutcomeToast(outcome)),
    onError: (error) =>
      void toast({ title: msg('Refund failed'), description: errorText(error, SERVER_FAILED), variant: 'destructive' }),
    onSettled: (_outcome, _error, { courseId }) => refresh(courseId),
  });
}

/**
 * POST /payments/orders/:id/cancellation-request: asks support, who decide in the console. A refused reason
 * (400) is shown on its field by the dialog; other refusals are said here, as for a refund.
 */
export function useRequestCancellation() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; courseId: string; body: CancellationRequestBody }) =>
      api(endpoints.cancellationRequest, { params: { id: orderId }, body }),
    onSuccess: (outcome) =>
      void toast({ title: msg('Cancellation requested'), description: outcome.message, variant: 'success' }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      toast({ title: msg('Request not sent'), description: errorText(error, SERVER_FAILED), variant: 'destructive' });
    },
    onSettled: (_outcome, _error, { courseId }) => refresh(courseId),
  });
}
