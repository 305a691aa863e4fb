import type { AdminOrderDetail } from '@kaushal/contract';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useRefundOrder } from '../api/admin-orders';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { formatPaise, paiseToRupeesText, parseRupees } from '../lib/money';
import { learnerLabel, newestRefund, type Outcome, pendingOutcome, refundOutcome, remainingOf } from '../lib/refunds';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';

type RefundField = 'amount' | 'reason';
const API_FIELDS = { amount: 'amount', reason: 'reason' } as const;
const CODE_FIELDS = { refund_too_large: 'amount' } as const;
const REASON_LIMIT = 1000;

/**
 * A staff refund of a paid order: an amount in rupees (the whole remainder to start with; a part keeps the
 * learner's access) and a reason for the audit log, confirmed before Razorpay is asked.
 */
export function OrderRefundForm({ order, onOutcome }: { order: AdminOrderDetail; onOutcome: (o: Outcome) => void }) {
  const remaining = remainingOf(order);
  const [amount, setAmount] = useState(paiseToRupeesText(remaining));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors<RefundField>>(noFormErrors);
  const [confirming, setConfirming] = useState<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const refund = useRefundOrder(order.orderId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors<RefundField>['fields'] = {};
    const paise = parseRupees(amount, 'The amount');
    if (!paise.ok) fields.amount = paise.error;
    else if (paise.paise < 100) fields.amount = 'Refund at least ₹1.';
    else if (paise.paise > remaining) fields.amount = `At most ${formatPaise(remaining)} is left to refund.`;
    if (!reason.trim()) fields.reason = 'Give a reason for the audit log.';
    if (!paise.ok || Object.keys(fields).length > 0) {
      setErrors({ fields, stale: false });
      return;
    }
    setErrors(noFormErrors);
    setConfirming(paise.paise);
  };

  const onConfirm = () => {
    if (confirming === null) return;
    refund.mutate(
      { amount: confirming, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          setConfirming(null);
          const made = newestRefund(updated.refunds);
          onOutcome(refundOutcome(made?.status ?? 'pending', formatPaise(made?.amount ?? confirming)));
        },
        onError: (error) => {
          setConfirming(null);
          const pending = pendingOutcome(error);
          if (pending) onOutcome(pending);
          else setErrors(formErrorsFrom(error, API_FIELDS, CODE_FIELDS));
        },
      },
    );
  };

  const whole = confirming === remaining;
  return (
    <>
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field
          label="Amount (₹)"
          required
          hint={`Up to ${formatPaise(remaining)}. The whole remainder ends the learner's access to the course; a part keeps it.`}
          error={errors.fields.amount}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className="max-w-48"
            />
          )}
        </Field>
        <Field
          label="Reason"
          required
          hint="Recorded in the audit log."
          error={errors.fields.reason}
          limit={REASON_LIMIT}
          count={reason.length}
        >
          {(control) => <Textarea {...control} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <div>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            <Undo2 aria-hidden="true" />
            Refund
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Refund ${formatPaise(confirming ?? 0)}?`}
        description={
          <>
            {formatPaise(confirming ?? 0)} goes back to {learnerLabel(order)} through Razorpay, with a credit note.{' '}
            {whole
              ? `That is all that is left: their access to ${order.courseTitle} ends and any certificate of it is revoked.`
              : `${formatPaise(remaining - (confirming ?? 0))} stays paid and the learner keeps their access.`}
          </>
        }
        confirmLabel="Refund"
        pendingLabel="Refunding…"
        pending={refund.isPending}
        onConfirm={onConfirm}
        variant="destructive"
      />
    </>
  );
}
