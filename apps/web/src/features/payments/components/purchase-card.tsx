import type { InvoiceRef, Purchase } from '@kaushal/contract';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';
import { formatPaise } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { invoicePdfPath } from '../api/purchases';
import {
  formatPurchaseDate,
  hasOpenRefund,
  orderStatus,
  refundableAmount,
  refundStatusText,
  type StatusTone,
} from '../lib/purchase-status';
import { CancellationDialog } from './cancellation-dialog';
import { RefundDialog } from './refund-dialog';

const BADGE_VARIANT = { success: 'success', accent: 'accent', muted: 'muted' } as const satisfies Record<
  StatusTone,
  string
>;

/**
 * One order in the purchase history: what, when, for how much (the list price struck through when a coupon
 * lowered it), its status, its references, its invoice and credit notes, its refunds, and what the refund
 * policy allows now.
 */
export function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const titleId = useId();
  const status = orderStatus(purchase);
  const discounted = purchase.couponCode !== null && purchase.listAmount > purchase.amount;
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-border bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="text-lg font-semibold break-words">
            <Link
              to={`/course/${encodeURIComponent(purchase.courseId)}`}
              className="underline-offset-4 hover:text-accent hover:underline"
            >
              {purchase.courseTitle}
            </Link>
          </h3>
          <p className="text-sm text-muted">
            {purchase.tierTitle ?? t('Lifetime access')} · {formatPurchaseDate(purchase.paidAt ?? purchase.createdAt)}
          </p>
        </div>
        <Badge variant={BADGE_VARIANT[status.tone]}>{status.text}</Badge>
      </div>

      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="sr-only">{t('Amount:')} </span>
        <span className="text-xl font-bold">{formatPaise(purchase.amount)}</span>
        {discounted && (
          <span className="text-sm text-muted line-through">
            <span className="sr-only">{t('instead of')} </span>
            {formatPaise(purchase.listAmount)}
          </span>
        )}
        {purchase.couponCode && <Badge variant="muted">{t('Coupon {code}', { code: purchase.couponCode })}</Badge>}
      </p>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-muted">{t('Order reference')}</dt>
          <dd className="font-mono break-all">{purchase.orderId}</dd>
        </div>
        {purchase.paymentId && (
          <div className="min-w-0">
            <dt className="text-muted">{t('Payment ID')}</dt>
            <dd className="font-mono break-all">{purchase.paymentId}</dd>
          </div>
        )}
      </dl>

      {purchase.refunds.length > 0 && (
        <ul className="space-y-2 text-sm" aria-label={t('Refunds')}>
          {purchase.refunds.map((refund) => (
            <li key={refund.id} className="rounded-lg bg-surface-2 px-3 py-2">
              <span className="font-medium">{refundStatusText(refund)}</span>
              {refund.status !== 'requested' && refund.status !== 'rejected' && (
                <span className="text-muted"> · {formatPaise(refund.amount)}</span>
              )}
              {refund.status === 'rejected' && refund.decisionReason && (
                <span className="block text-muted">{refund.decisionReason}</span>
              )}
              {refund.status === 'failed' && (
                <span className="block text-muted">{t('Nothing was refunded. Please try again, or contact us.')}</span>
              )}
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {purchase.invoice && <DocumentLink document={purchase.invoice} label={t('Download invoice')} />}
        {purchase.creditNotes.map((note) => (
          <DocumentLink key={note.id} document={note} label={t('Download credit note')} />
        ))}
        <RefundAction purchase={purchase} />
      </div>
    </article>
  );
}

/** A tax invoice's or credit note's PDF; its number is part of the link's name, so two links differ. */
function DocumentLink({ document, label }: { document: InvoiceRef; label: string }) {
  return (
    <Button asChild variant="link" size="sm" className="h-auto px-0">
      <a href={apiUrl(invoicePdfPath(document.id))} download>
        <Download aria-hidden="true" />
        {label} <span className="font-mono text-xs text-muted">{document.number}</span>
      </a>
    </Button>
  );
}

/** What the refund policy allows for a paid order now (the server decides); nothing while a request or a refund is open. */
function RefundAction({ purchase }: { purchase: Purchase }) {
  const eligibility = purchase.eligibility;
  if (purchase.status !== 'paid' || !eligibility || hasOpenRefund(purchase)) return null;
  // A free enrollment (a coupon of 100%) has nothing to give back.
  if (refundableAmount(purchase) === 0) return null;
  switch (eligibility.action) {
    case 'refund':
      return <RefundDialog purchase={purchase} />;
    case 'request':
      return <CancellationDialog purchase={purchase} />;
    case 'none':
      return <p className="basis-full text-sm text-muted">{eligibility.reason}</p>;
  }
}
