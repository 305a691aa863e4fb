import type { Purchase, Refund, RefundOutcome } from '@kaushal/contract';
import type { ToastMessage } from '@/components/ui/toast-store';
import { formatDate, formatPaise } from '@/lib/format';
import { msg, t } from '@/lib/i18n/i18n';

// The words of the purchase history: an order's status, each refund's, and the dates, all from one place.

/** '5 Jan 2027' (in the interface's language; invoices are dated in India's time zone, and so is the history). */
export const formatPurchaseDate = (iso: string) => formatDate(iso, 'short');

export type StatusTone = 'success' | 'accent' | 'muted';

/** The order's badge: Paid, Partly refunded ₹x, Refunded, Failed, or Pending (an order never paid). */
export function orderStatus(purchase: Pick<Purchase, 'status' | 'refundedAmount'>): { text: string; tone: StatusTone } {
  switch (purchase.status) {
    case 'paid':
      return purchase.refundedAmount > 0
        ? { text: t('Partly refunded {amount}', { amount: formatPaise(purchase.refundedAmount) }), tone: 'accent' }
        : { text: t('Paid'), tone: 'success' };
    case 'refunded':
      return { text: t('Refunded'), tone: 'muted' };
    case 'failed':
      return { text: t('Failed'), tone: 'muted' };
    case 'created':
      return { text: t('Pending'), tone: 'muted' };
  }
}

/** One refund or cancellation request, as the learner reads it. */
export function refundStatusText(refund: Pick<Refund, 'status' | 'processedAt' | 'createdAt'>): string {
  switch (refund.status) {
    case 'requested':
      return t('Cancellation requested');
    case 'rejected':
      return t('Cancellation request declined');
    case 'pending':
      return t('Refund in progress');
    case 'processed':
      return t('Refunded on {date}', { date: formatPurchaseDate(refund.processedAt ?? refund.createdAt) });
    case 'failed':
      return t('Refund failed');
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
  if (refund.status === 'processed') return { title: msg('Refunded'), description: message, variant: 'success' };
  if (refund.status === 'failed') return { title: msg('Refund failed'), description: message, variant: 'destructive' };
  return { title: msg('Refund in progress'), description: message };
}
