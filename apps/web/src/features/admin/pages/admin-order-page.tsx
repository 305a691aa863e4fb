import type { AdminOrderDetail, InvoiceRef } from '@kaushal/contract';
import { ArrowLeft, FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { Link, useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { invoicePdfUrl, useAdminOrder } from '../api/admin-orders';
import { ConsoleCard } from '../components/console-card';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { OrderRefundForm } from '../components/order-refund-form';
import { OutcomeNotice } from '../components/outcome-notice';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import {
  ORDER_STATUSES,
  type Outcome,
  orderTimeline,
  policyFigures,
  REFUND_KINDS,
  REFUND_STATUSES,
  refundBlocker,
  remainingOf,
} from '../lib/refunds';

const linkClass = 'text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/** One order (support, admin): its facts, timeline, invoice and credit notes, refunds, and a refund form. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  usePageTitle(`Console: Order ${id}`);
  return (
    <RoleGate roles={['admin', 'support']} title="Order">
      <Order id={id} />
    </RoleGate>
  );
}

function Order({ id }: { id: string }) {
  const order = useAdminOrder(id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const back = (
    <Link to="/admin/orders" className={`inline-flex items-center gap-1 text-sm ${linkClass}`}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      All orders
    </Link>
  );

  if (order.isError && !order.data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <section aria-labelledby="order-title" className="space-y-4">
        {back}
        <h2 id="order-title" className="text-2xl font-bold break-all">
          Order {id}
        </h2>
        <ErrorAlert onRetry={missing ? undefined : () => order.refetch()}>{errorMessage(order.error)}</ErrorAlert>
      </section>
    );
  }
  if (!order.data) return <ConsoleStatus>Loading the order…</ConsoleStatus>;
  const detail = order.data;
  const status = ORDER_STATUSES[detail.status];

  return (
    <section aria-labelledby="order-title" className="space-y-5">
      <div className="space-y-2">
        {back}
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="order-title" className="min-w-0 text-2xl font-bold break-all">
            Order {detail.orderId}
          </h2>
          <StatusPill tone={status.tone}>{status.label}</StatusPill>
        </div>
        <OutcomeNotice outcome={outcome} />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <OrderFacts order={detail} />
        <div className="space-y-5">
          <ConsoleCard id="order-timeline-title" title="Timeline">
            <ol className="space-y-2 border-l border-border pl-4 text-sm">
              {orderTimeline(detail).map((event) => (
                <li key={`${event.at}-${event.text}`}>
                  <time dateTime={event.at} className="block text-xs text-muted">
                    {formatWhen(event.at)}
                  </time>
                  {event.text}
                </li>
              ))}
            </ol>
          </ConsoleCard>
          <Documents order={detail} />
        </div>
      </div>
      <ConsoleCard id="order-refunds-title" title="Refunds">
        <RefundsTable order={detail} />
      </ConsoleCard>
      <ConsoleCard id="order-refund-title" title="Refund this order">
        <RefundPanel order={detail} onOutcome={setOutcome} />
      </ConsoleCard>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="font-semibold text-muted">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const figures = order.eligibility && policyFigures(order.eligibility);
  return (
    <ConsoleCard id="order-facts-title" title="Order">
      <dl className="space-y-3 text-sm">
        <Fact term="Learner">
          {order.learner ? (
            <>
              {order.learner.name}
              <span className="block break-all text-muted">{order.learner.email}</span>
            </>
          ) : (
            'A deleted account'
          )}
        </Fact>
        <Fact term="Course">
          <Link to={`/admin/courses/${encodeURIComponent(order.courseId)}`} className={linkClass}>
            {order.courseTitle}
          </Link>
        </Fact>
        <Fact term="Pricing">{order.tierTitle ?? "The course's own price"}</Fact>
        <Fact term="Amount paid">{formatPaise(order.amount)}</Fact>
        <Fact term="Coupon">{order.couponCode ? <span className="font-mono">{order.couponCode}</span> : 'None'}</Fact>
        <Fact term="Refunded">
          {formatPaise(order.refundedAmount)}
          {order.refundedAmount > 0 && order.status === 'paid' && (
            <span className="text-muted"> ({formatPaise(remainingOf(order))} left)</span>
          )}
        </Fact>
        <Fact term="Order reference">
          <span className="font-mono text-xs break-all">{order.orderId}</span>
        </Fact>
        <Fact term="Payment id">
          {order.paymentId ? <span className="font-mono text-xs break-all">{order.paymentId}</span> : 'None'}
        </Fact>
        {figures && order.eligibility && (
          <Fact term="Refund policy now">
            {figures.hours}, {figures.completion}
            <span className="block text-muted">{order.eligibility.reason}</span>
          </Fact>
        )}
      </dl>
    </ConsoleCard>
  );
}

function DocumentLink({ doc, kind }: { doc: InvoiceRef; kind: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <a href={invoicePdfUrl(doc.id)} download className={`inline-flex items-center gap-2 ${linkClass}`}>
        <FileDown className="size-4 shrink-0" aria-hidden="true" />
        {kind} {doc.number}
        <span className="sr-only"> (PDF)</span>
      </a>
      <span className="text-muted">
        {formatPaise(doc.amount)} · <time dateTime={doc.issuedAt}>{formatWhen(doc.issuedAt)}</time>
      </span>
    </li>
  );
}

function Documents({ order }: { order: AdminOrderDetail }) {
  return (
    <ConsoleCard id="order-documents-title" title="Invoice and credit notes">
      {!order.invoice && order.creditNotes.length === 0 ? (
        <p className="text-sm text-muted">
          {order.amount === 0 ? 'No invoice: nothing was paid (a ₹0 coupon).' : 'No invoice: the order was not paid.'}
        </p>
      ) : (
        <ul className="space-y-2 text-sm">
          {order.invoice && <DocumentLink doc={order.invoice} kind="Invoice" />}
          {order.creditNotes.map((note) => (
            <DocumentLink key={note.id} doc={note} kind="Credit note" />
          ))}
        </ul>
      )}
    </ConsoleCard>
  );
}

function RefundsTable({ order }: { order: AdminOrderDetail }) {
  if (order.refunds.length === 0) return <p className="text-sm text-muted">No refunds or cancellation requests.</p>;
  return (
    <Table caption="Refunds of this order, newest first">
      <TableHead>
        <TableRow>
          <TableHeader>Started</TableHeader>
          <TableHeader>Kind</TableHeader>
          <TableHeader className="text-right">Amount</TableHeader>
          <TableHeader>Status</TableHeader>
          <TableHeader>Reason</TableHeader>
          <TableHeader>Processed</TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {order.refunds.map((refund) => {
          const status = REFUND_STATUSES[refund.status];
          return (
            <TableRow key={refund.id}>
              <TableCell className="whitespace-nowrap">
                <time dateTime={refund.createdAt}>{formatWhen(refund.createdAt)}</time>
              </TableCell>
              <TableCell className="min-w-36">{REFUND_KINDS[refund.kind]}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatPaise(refund.amount)}</TableCell>
              <TableCell>
                <StatusPill tone={status.tone}>{status.label}</StatusPill>
              </TableCell>
              <TableCell className="min-w-56 break-words whitespace-pre-line">
                {refund.reason ?? <span className="text-muted">None given</span>}
                {refund.decisionReason && (
                  <span className="mt-1 block text-muted">Rejected: {refund.decisionReason}</span>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {refund.processedAt ? (
                  <time dateTime={refund.processedAt}>{formatWhen(refund.processedAt)}</time>
                ) : (
                  <span className="text-muted">Not yet</span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </tbody>
    </Table>
  );
}

function RefundPanel({ order, onOutcome }: { order: AdminOrderDetail; onOutcome: (outcome: Outcome) => void }) {
  const blocked = refundBlocker(order);
  if (blocked) {
    return (
      <p className="text-sm text-muted">
        {blocked.reason}{' '}
        {blocked.request && (
          <Link to="/admin/refunds" className={linkClass}>
            Go to Refunds
          </Link>
        )}
      </p>
    );
  }
  // A new form after each refund: the amount starts again from what is left.
  return <OrderRefundForm key={order.refundedAmount} order={order} onOutcome={onOutcome} />;
}
