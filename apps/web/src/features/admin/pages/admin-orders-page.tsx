import type { AdminOrderSummary } from '@kaushal/contract';
import { Button } from '@/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminOrders } from '../api/admin-orders';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { OrderFiltersForm } from '../components/order-filters-form';
import { OrdersExport } from '../components/orders-export';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { useConsole } from '../hooks/use-console';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { formatCount } from '../lib/numbers';
import { filtersFromParams, filtersToParams, hasFilters, type OrderFilters } from '../lib/order-filters';
import { ORDER_STATUSES } from '../lib/refunds';
import { withParams } from '../lib/search-params';

/**
 * Orders (support, admin): filter every order by a search, status, course, the days made and the amount,
 * page through them ("Load more"), open one; admins export the orders paid on chosen days as CSV.
 */
export function AdminOrdersPage() {
  usePageTitle('Console: Orders');
  return (
    <RoleGate roles={['admin', 'support']} title="Orders">
      <Orders />
    </RoleGate>
  );
}

function Orders() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const filtered = hasFilters(filters);
  const isAdmin = useConsole().roles.includes('admin');
  const apply = (next: OrderFilters) => setParams(withParams(params, filtersToParams(next)));

  return (
    <section aria-labelledby="orders-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="orders-title" className="text-2xl font-bold">
          Orders
        </h2>
        <p className="text-sm text-muted">
          Every payment order, newest first. Open one for its invoice, credit notes and refunds, or to refund it.
        </p>
      </div>
      <OrderFiltersForm
        key={params.toString()}
        filters={filters}
        onApply={apply}
        onClear={filtered ? () => apply({ q: '' }) : undefined}
      />
      {isAdmin && <OrdersExport filters={filters} />}
      <OrderResults filters={filters} filtered={filtered} />
    </section>
  );
}

function OrderResults({ filters, filtered }: { filters: OrderFilters; filtered: boolean }) {
  const orders = useAdminOrders(filters);
  if (orders.isError && !orders.data) {
    return <ErrorAlert onRetry={() => orders.refetch()}>{errorMessage(orders.error)}</ErrorAlert>;
  }
  if (!orders.data) return <ConsoleStatus>Loading orders…</ConsoleStatus>;
  const list = orders.data.pages.flatMap((page) => page.orders);
  if (list.length === 0) {
    const onlySearch = filters.q && !hasFilters({ ...filters, q: '' });
    return (
      <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
        {onlySearch
          ? `No order's reference or payment id is "${filters.q}", and no learner's email contains it.`
          : filtered
            ? 'No orders match these filters.'
            : 'No orders yet.'}
      </p>
    );
  }
  return (
    <div aria-busy={orders.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
      <Table caption={filtered ? 'Orders matching the filters, newest first' : 'Latest orders, newest first'}>
        <TableHead>
          <TableRow>
            <TableHeader>Order</TableHeader>
            <TableHeader>Learner</TableHeader>
            <TableHeader>Course</TableHeader>
            <TableHeader className="text-right">Amount</TableHeader>
            <TableHeader>Status</TableHeader>
            <TableHeader>Created</TableHeader>
          </TableRow>
        </TableHead>
        <tbody>
          {list.map((order) => (
            <OrderRow key={order.orderId} order={order} />
          ))}
        </tbody>
      </Table>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {orders.hasNextPage
            ? `Showing the newest ${formatCount(list.length)} orders`
            : `${formatCount(list.length)} ${list.length === 1 ? 'order' : 'orders'}, all shown`}
        </p>
        {orders.hasNextPage && (
          <Button variant="secondary" onClick={() => orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
            {orders.isFetchingNextPage ? 'Loading more orders…' : 'Load more orders'}
          </Button>
        )}
      </div>
      {orders.isFetchNextPageError && (
        <ErrorAlert className="mt-4" onRetry={() => orders.fetchNextPage()}>
          {errorMessage(orders.error)}
        </ErrorAlert>
      )}
    </div>
  );
}

function OrderRow({ order }: { order: AdminOrderSummary }) {
  const status = ORDER_STATUSES[order.status];
  return (
    <TableRow>
      <TableCell className="max-w-56">
        <Link
          to={`/admin/orders/${encodeURIComponent(order.orderId)}`}
          className="font-mono text-xs break-all text-accent underline underline-offset-4 [.light_&]:text-[#00506a]"
        >
          {order.orderId}
        </Link>
        {order.paymentId && <span className="block font-mono text-xs break-all text-muted">{order.paymentId}</span>}
      </TableCell>
      <TableCell className="min-w-48">
        {order.learner ? (
          <>
            {order.learner.name}
            <span className="block text-xs break-all text-muted">{order.learner.email}</span>
          </>
        ) : (
          <span className="text-muted">A deleted account</span>
        )}
      </TableCell>
      <TableCell className="min-w-48">
        {order.courseTitle}
        {order.tierTitle && <span className="block text-xs text-muted">{order.tierTitle}</span>}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatPaise(order.amount)}
        {order.refundedAmount > 0 && (
          <span className="block text-xs text-muted">{formatPaise(order.refundedAmount)} refunded</span>
        )}
        {order.couponCode && <span className="block font-mono text-xs text-muted">{order.couponCode}</span>}
      </TableCell>
      <TableCell>
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={order.createdAt}>{formatWhen(order.createdAt)}</time>
      </TableCell>
    </TableRow>
  );
}
