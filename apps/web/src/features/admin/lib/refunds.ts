import type { AdminOrderDetail, AdminOrderSummary, Refund, RefundEligibility, RefundStatus } from '@kaushal/contract';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from './form-errors';
import { formatPaise } from './money';

type Tone = 'accent' | 'success' | 'muted' | 'danger';

// The contract's enums as plain lists: importing its schemas would load zod into the console for a few words.
export const REFUND_STATUSES: Record<RefundStatus, { label: string; tone: Tone }> = {
  requested: { label: 'Requested', tone: 'accent' },
  pending: { label: 'Pending', tone: 'accent' },
  processed: { label: 'Processed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  rejected: { label: 'Rejected', tone: 'muted' },
};

export const REFUND_KINDS = {
  self_serve: "Learner's refund button",
  request: 'Cancellation request',
  staff: 'Staff refund',
  provider: "Razorpay's dashboard",
} as const;

export const ORDER_STATUSES: Record<AdminOrderSummary['status'], { label: string; tone: Tone }> = {
  created: { label: 'Not paid', tone: 'muted' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'muted' },
};

const oneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** The refund policy's two figures, as support reads them: '30.5 hours since payment', '12.4% watched'. */
export function policyFigures(eligibility: RefundEligibility) {
  const hours = eligibility.hoursSincePayment;
  return {
    hours: `${oneDecimal.format(hours)} ${hours === 1 ? 'hour' : 'hours'} since payment`,
    completion: `${oneDecimal.format(eligibility.completionPercent)}% watched`,
  };
}

/** 'Ravi Kumar (ravi@example.com)', or what is left of a deleted account. */
export const learnerLabel = (order: Pick<AdminOrderSummary, 'learner'>) =>
  order.learner ? `${order.learner.name} (${order.learner.email})` : 'A deleted account';

/**
 * Why a refund did not go through. Razorpay not answering (503) is not a failure: the refund stays pending and
 * settles when Razorpay confirms it (the API's detail says so; this is the words if it sent none).
 */
export function refundErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 503) {
    return (
      error.detail ??
      'Razorpay did not answer in time. The refund is pending and settles when Razorpay confirms it; do not refund again.'
    );
  }
  return errorMessage(error);
}

/** What a refund or decision came to: done, or waiting at Razorpay (which staff must not take for done). */
export type Outcome = { kind: 'done' | 'pending'; text: string };

/** A refund just made, in words: processed, waiting for Razorpay, or refused by it. */
export function refundOutcome(status: RefundStatus, amount: string): Outcome {
  switch (status) {
    case 'processed':
      return { kind: 'done', text: `Refunded ${amount}. The learner is emailed a credit note.` };
    case 'failed':
      return { kind: 'pending', text: `Razorpay refused the refund of ${amount}. Nothing changed; you can try again.` };
    case 'rejected':
      return { kind: 'done', text: `The request for ${amount} was rejected.` };
    default:
      return {
        kind: 'pending',
        text: `The refund of ${amount} is pending: it settles when Razorpay confirms it. Do not refund again.`,
      };
  }
}

/** A Razorpay timeout (503) as an outcome: the refund exists and is pending. Null for a real refusal. */
export const pendingOutcome = (error: unknown): Outcome | null =>
  error instanceof ApiError && error.status === 503 ? { kind: 'pending', text: refundErrorMessage(error) } : null;

type OrderWithRefunds = Pick<AdminOrderDetail, 'status' | 'amount' | 'refundedAmount' | 'refunds'>;

/** Paise of the order not refunded yet. */
export const remainingOf = (order: Pick<AdminOrderDetail, 'amount' | 'refundedAmount'>) =>
  Math.max(0, order.amount - order.refundedAmount);

/** The refund most recently started on an order (the API lists them newest first; sorted here to be sure). */
export const newestRefund = (refunds: readonly Refund[]): Refund | undefined =>
  [...refunds].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];

/**
 * Why staff cannot refund an order now, or null when they can: only a paid order with something left, and one
 * refund at a time (a learner's open request is decided in Refunds instead).
 */
export function refundBlocker(order: OrderWithRefunds): { reason: string; request: boolean } | null {
  if (order.status === 'refunded') return { reason: 'This order has been refunded in full.', request: false };
  if (order.status !== 'paid') return { reason: 'Only a paid order can be refunded.', request: false };
  if (order.amount === 0) return { reason: 'Nothing was paid for this order (a ₹0 coupon).', request: false };
  if (remainingOf(order) < 100) return { reason: 'Nothing is left to refund on this order.', request: false };
  const open = order.refunds.find((refund) => refund.status === 'requested' || refund.status === 'pending');
  if (open?.status === 'requested') {
    return { reason: 'The learner has asked to cancel this order: decide their request in Refunds.', request: true };
  }
  if (open)
    return { reason: 'A refund of this order is in progress: it settles when Razorpay confirms it.', request: false };
  return null;
}

export interface TimelineEvent {
  at: string;
  text: string;
}

/** The order's life in time order: made, paid, each refund asked or started, and each one processed. */
export function orderTimeline(order: Pick<AdminOrderDetail, 'createdAt' | 'paidAt' | 'refunds'>): TimelineEvent[] {
  const events: TimelineEvent[] = [{ at: order.createdAt, text: 'Order created' }];
  if (order.paidAt) events.push({ at: order.paidAt, text: 'Paid' });
  for (const refund of order.refunds) {
    const amount = formatPaise(refund.amount);
    events.push({
      at: refund.createdAt,
      text: refund.kind === 'request' ? `Cancellation asked (${amount})` : `Refund of ${amount} started`,
    });
    if (refund.processedAt && refund.status === 'processed') {
      events.push({ at: refund.processedAt, text: `Refunded ${amount}` });
    }
  }
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
