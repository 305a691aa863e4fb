import { apiPath, endpoints, type StaffRefundBody } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/orders?q=: orders by reference, payment id or learner email; the latest without a search. */
export const adminOrdersQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.orderList({ q }),
    queryFn: ({ signal }) => api(endpoints.adminOrders, { query: { q: q || undefined, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (q: string) => useQuery(adminOrdersQuery(q));

/** GET /admin/orders/:id: one order with its invoice, credit notes, refunds and what the policy allows now. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => api(endpoints.adminOrder, { params: { id }, signal }),
    staleTime: 0,
  });

export const useAdminOrder = (id: string) => useQuery(adminOrderQuery(id));

/** POST /admin/orders/:id/refunds: refund an amount in paise with a reason for the audit log; answers the order. */
export function useRefundOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffRefundBody) => api(endpoints.adminRefundOrder, { params: { id: orderId }, body }),
    onSuccess: (order) => queryClient.setQueryData(adminOrderQuery(orderId).queryKey, order),
    // A Razorpay timeout (503) still made a pending refund: everything showing this order is read again.
    onSettled: (_order, error) => {
      if (error) void queryClient.invalidateQueries({ queryKey: adminKeys.order(orderId) });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.orders(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.refunds() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
    },
  });
}

/** The invoice or credit note PDF (GET /invoices/:id/pdf), a download link for its learner or staff. */
export const invoicePdfUrl = (id: string) => apiUrl(apiPath(endpoints.invoicePdf, { id }));
