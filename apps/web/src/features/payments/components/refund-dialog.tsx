import type { Purchase } from '@kaushal/contract';
import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPaise } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { useRefundOrder } from '../api/purchases';
import { refundableAmount } from '../lib/purchase-status';

/**
 * "Refund" (the refund policy allows it now: within 12 hours, under 20% watched) and its confirmation, which
 * says what the learner gets back and what they lose. The refund is asked for once, however often the button
 * is pressed; the outcome is said by a message (api/purchases) and the history shows it.
 */
export function RefundDialog({ purchase }: { purchase: Purchase }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundOrder();
  /** Set by the first press, before the disabled state reaches the screen: a double click refunds once. */
  const started = useRef(false);
  const amount = formatPaise(refundableAmount(purchase));

  const confirm = () => {
    if (started.current) return;
    started.current = true;
    refund.mutate(
      { orderId: purchase.orderId, courseId: purchase.courseId },
      {
        onSettled: () => {
          started.current = false;
          setOpen(false);
        },
      },
    );
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !refund.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" disabled={refund.isPending}>
          {t('Refund')}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {t('Refund {course}?', { course: purchase.courseTitle })}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="space-y-2 text-sm text-muted">
              <p>
                {tRich('You get {amount} back to the account or card you paid with.', {
                  amount: <strong className="text-fg">{amount}</strong>,
                })}
              </p>
              <p>
                {t(
                  'Your access to this course ends now, and any certificate you earned for it is revoked. This cannot be undone.',
                )}
              </p>
            </div>
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={refund.isPending}>
                {t('Keep my purchase')}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              onClick={confirm}
              disabled={refund.isPending}
              aria-busy={refund.isPending || undefined}
            >
              {refund.isPending ? t('Refunding…') : t('Refund {amount}', { amount })}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
