import type { AdminRefund } from '@kaushal/contract';
import { Check, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/router';
import { formatWhen } from '../lib/dates';
import { formatPaise } from '../lib/money';
import { policyFigures, REFUND_KINDS, REFUND_STATUSES } from '../lib/refunds';
import { StatusPill } from './status-pill';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * One refund or cancellation request on Refunds: who, which course and order, how much, when and why, the
 * refund policy's figures for the order now, and for a request, Approve and Reject.
 */
export function RefundItem({
  refund,
  onApprove,
  onReject,
}: {
  refund: AdminRefund;
  onApprove: (refund: AdminRefund) => void;
  onReject: (refund: AdminRefund) => void;
}) {
  const titleId = useId();
  const { order } = refund;
  const status = REFUND_STATUSES[refund.status];
  const figures = refund.eligibility && policyFigures(refund.eligibility);
  const learnerAsked = refund.kind === 'request' || refund.kind === 'self_serve';

  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-border bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words">
          {formatPaise(refund.amount)} for {order.courseTitle}
        </h3>
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
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
        <Fact term="Order">
          <Link
            to={`/admin/orders/${encodeURIComponent(order.orderId)}`}
            className="font-mono text-xs break-all text-accent underline underline-offset-4 [.light_&]:text-[#00506a]"
          >
            {order.orderId}
          </Link>
          <span className="block text-muted">
            {formatPaise(order.amount)} paid{order.tierTitle ? `, ${order.tierTitle}` : ''}
          </span>
        </Fact>
        <Fact term={refund.kind === 'request' ? 'Asked' : 'Started'}>
          <time dateTime={refund.createdAt}>{formatWhen(refund.createdAt)}</time>
          <span className="block text-muted">{REFUND_KINDS[refund.kind]}</span>
        </Fact>
        <Fact term="Refund policy now">
          {figures ? (
            <>
              {figures.hours}
              <span className="block">{figures.completion}</span>
            </>
          ) : (
            <span className="text-muted">Not paid</span>
          )}
        </Fact>
        {refund.processedAt && (
          <Fact term="Processed">
            <time dateTime={refund.processedAt}>{formatWhen(refund.processedAt)}</time>
          </Fact>
        )}
      </dl>
      {refund.reason && (
        <div className="space-y-1 text-sm">
          <p className="text-xs font-semibold text-muted">{learnerAsked ? "Learner's reason" : 'Reason'}</p>
          <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-line">
            {refund.reason}
          </blockquote>
        </div>
      )}
      {refund.decisionReason && (
        <div className="space-y-1 text-sm">
          <p className="text-xs font-semibold text-muted">Why it was rejected (emailed to the learner)</p>
          <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-line">
            {refund.decisionReason}
          </blockquote>
        </div>
      )}
      {refund.status === 'requested' && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onReject(refund)}>
            <X aria-hidden="true" />
            Reject
            <span className="sr-only"> the request for {order.courseTitle}</span>
          </Button>
          <Button onClick={() => onApprove(refund)}>
            <Check aria-hidden="true" />
            Approve refund
            <span className="sr-only">
              {' '}
              of {formatPaise(refund.amount)} for {order.courseTitle}
            </span>
          </Button>
        </div>
      )}
    </article>
  );
}
