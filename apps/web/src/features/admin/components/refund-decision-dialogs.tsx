import type { AdminRefund } from '@kaushal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useRefundDecision } from '../api/admin-refunds';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { learnerLabel, type Outcome, pendingOutcome, refundErrorMessage, refundOutcome } from '../lib/refunds';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

const REASON_LIMIT = 1000;

/**
 * Approving a cancellation request: the whole amount goes back through Razorpay at once. A refusal (decided
 * already, Razorpay refused) shows in the dialog; Razorpay not answering closes it with the pending outcome.
 */
export function ApproveRefundDialog({
  refund,
  onClose,
  onOutcome,
}: {
  refund: AdminRefund | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const decide = useRefundDecision();
  // The dialog keeps its words while it closes.
  const [shown, setShown] = useState(refund);
  if (refund && refund !== shown) setShown(refund);
  const amount = formatPaise(shown?.amount ?? 0);

  const onConfirm = () => {
    if (!refund) return;
    decide.mutate(
      { id: refund.id, body: { decision: 'approve' } },
      {
        onSuccess: (decided) => {
          onOutcome(refundOutcome(decided.status, formatPaise(decided.amount)));
          onClose();
        },
        onError: (error) => {
          const pending = pendingOutcome(error);
          if (!pending) return;
          onOutcome(pending);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={refund !== null}
      onOpenChange={(open) => {
        if (open) return;
        decide.reset();
        onClose();
      }}
      title={`Approve the refund of ${amount}?`}
      description={
        shown && (
          <>
            {amount} goes back to {learnerLabel(shown.order)} through Razorpay. Their access to{' '}
            {shown.order.courseTitle} ends, any certificate of the course is revoked, and they are emailed a credit
            note.
          </>
        )
      }
      confirmLabel="Approve refund"
      pendingLabel="Refunding…"
      pending={decide.isPending}
      onConfirm={onConfirm}
    >
      {decide.isError && !pendingOutcome(decide.error) && <ErrorAlert>{refundErrorMessage(decide.error)}</ErrorAlert>}
    </ConfirmDialog>
  );
}

/** Rejecting a cancellation request, with the reason the learner is emailed (required). */
export function RejectRefundDialog({
  refund,
  onClose,
  onOutcome,
}: {
  refund: AdminRefund | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const decide = useRefundDecision();
  return (
    <Dialog
      open={refund !== null}
      onOpenChange={(open) => {
        if (open || decide.isPending) return;
        decide.reset();
        onClose();
      }}
    >
      {refund && <RejectForm key={refund.id} refund={refund} decide={decide} onClose={onClose} onOutcome={onOutcome} />}
    </Dialog>
  );
}

function RejectForm({
  refund,
  decide,
  onClose,
  onOutcome,
}: {
  refund: AdminRefund;
  decide: ReturnType<typeof useRefundDecision>;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors<'reason'>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const who = refund.order.learner?.name ?? 'The learner';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setErrors({ fields: { reason: 'Tell the learner why.' }, stale: false });
      return;
    }
    setErrors(noFormErrors);
    decide.mutate(
      { id: refund.id, body: { decision: 'reject', reason: reason.trim() } },
      {
        onSuccess: () => {
          onOutcome({ kind: 'done', text: `Request rejected. ${who} is emailed your reason.` });
          onClose();
        },
        onError: (error) => setErrors(formErrorsFrom(error, { reason: 'reason' })),
      },
    );
  };

  return (
    <DialogContent
      onEscapeKeyDown={(e) => decide.isPending && e.preventDefault()}
      onPointerDownOutside={(e) => decide.isPending && e.preventDefault()}
    >
      <DialogTitle>Reject the cancellation request?</DialogTitle>
      <DialogDescription>
        {learnerLabel(refund.order)} keeps {refund.order.courseTitle} and is not refunded. They are emailed the reason
        you give.
      </DialogDescription>
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field
          label="Reason for the learner"
          required
          hint="Emailed to the learner with the decision."
          error={errors.fields.reason}
          limit={REASON_LIMIT}
          count={reason.length}
        >
          {(control) => <Textarea {...control} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <FormActions>
          <DialogClose asChild>
            <Button variant="secondary" disabled={decide.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={decide.isPending}>
            {decide.isPending ? 'Rejecting…' : 'Reject request'}
          </Button>
        </FormActions>
      </form>
    </DialogContent>
  );
}
