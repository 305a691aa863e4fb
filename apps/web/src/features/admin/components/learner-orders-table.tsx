import type { AdminLearnerOrder } from '@kaushal/contract';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link } from '@/lib/router';
import { formatWhen } from '../lib/dates';
import { formatPaise } from '../lib/money';
import { ORDER_STATUSES } from '../lib/refunds';
import { StatusPill } from './status-pill';

const linkClass = 'text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/** A learner's orders, newest first, each linking to its order page (the learner's page and a ticket's side). */
export function LearnerOrdersTable({ orders }: { orders: readonly AdminLearnerOrder[] }) {
  if (orders.length === 0) return <p className="text-sm text-muted">No orders.</p>;
  return (
    <Table caption="Orders, newest first">
      <TableHead>
        <TableRow>
          <TableHeader>Order</TableHeader>
          <TableHeader>Course</TableHeader>
          <TableHeader className="text-right">Amount</TableHeader>
          <TableHeader>Status</TableHeader>
          <TableHeader>Created</TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {orders.map((order) => {
          const status = ORDER_STATUSES[order.status];
          return (
            <TableRow key={order.orderId}>
              <TableCell className="max-w-56">
                <Link
                  to={`/admin/orders/${encodeURIComponent(order.orderId)}`}
                  className={`font-mono text-xs break-all ${linkClass}`}
                >
                  {order.orderId}
                </Link>
              </TableCell>
              <TableCell className="min-w-48">{order.courseTitle}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatPaise(order.amount)}
                {order.refundedAmount > 0 && (
                  <span className="block text-xs text-muted">{formatPaise(order.refundedAmount)} refunded</span>
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
  );
}
