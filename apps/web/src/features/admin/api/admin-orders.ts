import { type AdminOrdersExportQuery, apiPath, endpoints, type StaffRefundBody } from '@kaushal/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import { type OrderFilters, ordersQueryOf } from '../lib/order-filters';
import { adminKeys } from './admin-keys';

export const ORDERS_PAGE_SIZE = 50;

/**
 * GET /admin/orders: the orders the filters match, newest first, a page at a time; each page's nextCursor
 * asks for the one after ("Load more").
 */
export const adminOrdersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.orderList(filters),
    queryFn: ({ pageParam, signal }) =>
      api(endpoints.adminOrders, {
        query: { ...ordersQueryOf(filters), cursor: pageParam ?? undefined, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminOrders = (filters: OrderFilters) => useInfiniteQuery(adminOrdersQuery(filters));

/** The accountant's CSV (GET /admin/orders/export.csv, admins): a download link, streamed by the API. */
export const ordersExportUrl = (query: AdminOrdersExportQuery) =>
  apiUrl(apiPath(endpoints.adminOrdersExport, {}, { ...query }));

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
