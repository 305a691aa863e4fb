import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminOrders } from '../api/admin-orders';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { ORDER_STATUSES } from '../lib/refunds';
import { withParams } from '../lib/search-params';

/** Orders (support, admin): find an order by its reference, payment id or the learner's email, and open it. */
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
  const q = params.get('q')?.trim() ?? '';
  const orders = useAdminOrders(q);
  const searchId = useId();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    setParams(withParams(params, { q: typeof text === 'string' ? text.trim() : undefined }));
  };

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
      {/* biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know, so React warns there. */}
      <form role="search" aria-label="Orders" onSubmit={onSearch} className="flex max-w-xl items-end gap-2">
        <div className="min-w-0 flex-1 space-y-2">
          <Label htmlFor={searchId}>Order reference, payment id or learner email</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      {orders.isError && !orders.data ? (
        <ErrorAlert onRetry={() => orders.refetch()}>{errorMessage(orders.error)}</ErrorAlert>
      ) : !orders.data ? (
        <ConsoleStatus>Loading orders…</ConsoleStatus>
      ) : orders.data.orders.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          {q ? `No order's reference or payment id is "${q}", and no learner's email contains it.` : 'No orders yet.'}
        </p>
      ) : (
        <div aria-busy={orders.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
          <Table caption={q ? `Orders matching "${q}", newest first` : 'Latest orders, newest first'}>
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
              {orders.data.orders.map((order) => {
                const status = ORDER_STATUSES[order.status];
                return (
                  <TableRow key={order.orderId}>
                    <TableCell className="max-w-56">
                      <Link
                        to={`/admin/orders/${encodeURIComponent(order.orderId)}`}
                        className="font-mono text-xs break-all text-accent underline underline-offset-4 [.light_&]:text-[#00506a]"
                      >
                        {order.orderId}
                      </Link>
                      {order.paymentId && (
                        <span className="block font-mono text-xs break-all text-muted">{order.paymentId}</span>
                      )}
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
                      {order.couponCode && (
                        <span className="block font-mono text-xs text-muted">{order.couponCode}</span>
                      )}
                    </TableCell>
                    <TableCell>
                      <StatusPill tone={status.tone}>{status.label}</StatusPill>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={order.createdAt}>{formatWhen(order.createdAt)}</time>
                    </TableCell>
                  </TableRow>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
