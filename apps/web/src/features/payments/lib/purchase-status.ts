import type { Purchase, Refund, RefundOutcome } from '@kaushal/contract';
import type { ToastMessage } from '@/components/ui/toast-store';
import { formatPaise } from '@/lib/format';

// The words of the purchase history: an order's status, each refund's, and the dates, all from one place.

// Invoices are dated in India's time zone: the history says the same day they do.
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** '5 Jan 2027'. */
export const formatPurchaseDate = (iso: string) => dateFormat.format(new Date(iso));

export type StatusTone = 'success' | 'accent' | 'muted';

/** The order's badge: Paid, Partly refunded ₹x, Refunded, Failed, or Pending (an order never paid). */
export function orderStatus(purchase: Pick<Purchase, 'status' | 'refundedAmount'>): { text: string; tone: StatusTone } {
  switch (purchase.status) {
    case 'paid':
      return purchase.refundedAmount > 0
        ? { text: `Partly refunded ${formatPaise(purchase.refundedAmount)}`, tone: 'accent' }
        : { text: 'Paid', tone: 'success' };
    case 'refunded':
      return { text: 'Refunded', tone: 'muted' };
    case 'failed':
      return { text: 'Failed', tone: 'muted' };
    case 'created':
      return { text: 'Pending', tone: 'muted' };
  }
}

/** One refund or cancellation request, as the learner reads it. */
export function refundStatusText(refund: Pick<Refund, 'status' | 'processedAt' | 'createdAt'>): string {
  switch (refund.status) {
    case 'requested':
      return 'Cancellation requested';
    case 'rejected':
      return 'Cancellation request declined';
    case 'pending':
      return 'Refund in progress';
    case 'processed':
      return `Refunded on ${formatPurchaseDate(refund.processedAt ?? refund.createdAt)}`;
    case 'failed':
      return 'Refund failed';
  }
}

/** A request support has not decided, or a refund not yet settled: nothing more may be asked meanwhile. */
export const hasOpenRefund = (purchase: Pick<Purchase, 'refunds'>) =>
  purchase.refunds.some((refund) => refund.status === 'requested' || refund.status === 'pending');

/** Paise not yet refunded: what a refund now would return. */
export const refundableAmount = (purchase: Pick<Purchase, 'amount' | 'refundedAmount'>) =>
  Math.max(0, purchase.amount - purchase.refundedAmount);

/** The message after the Refund button: done, under way (the provider has not confirmed), or refused. */
export function refundOutcomeToast({ refund, message }: RefundOutcome): Omit<ToastMessage, 'id'> {
  if (refund.status === 'processed') return { title: 'Refunded', description: message, variant: 'success' };
  if (refund.status === 'failed') return { title: 'Refund failed', description: message, variant: 'destructive' };
  return { title: 'Refund in progress', description: message };
}
