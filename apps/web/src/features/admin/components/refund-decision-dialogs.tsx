import type { AdminRefund } from '@kaushal/contract';
import { useState } from 'react';
import { useRefundDecision } from '../api/admin-refunds';
import { formatPaise } from '../lib/money';
import { learnerLabel, type Outcome, pendingOutcome, refundErrorMessage, refundOutcome } from '../lib/refunds';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { ReasonDialog } from './reason-dialog';

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
    <ReasonDialog
      request={
        refund && {
          key: refund.id,
          title: 'Reject the cancellation request?',
          description: `${learnerLabel(refund.order)} keeps ${refund.order.courseTitle} and is not refunded. They are emailed the reason you give.`,
          label: 'Reason for the learner',
          hint: 'Emailed to the learner with the decision.',
          missing: 'Tell the learner why.',
          rows: 4,
          submitLabel: 'Reject request',
          pendingLabel: 'Rejecting…',
        }
      }
      pending={decide.isPending}
      onDismiss={() => {
        decide.reset();
        onClose();
      }}
      onSubmit={(reason, fail) => {
        if (!refund) return;
        const who = refund.order.learner?.name ?? 'The learner';
        decide.mutate(
          { id: refund.id, body: { decision: 'reject', reason } },
          {
            onSuccess: () => {
              onOutcome({ kind: 'done', text: `Request rejected. ${who} is emailed your reason.` });
              onClose();
            },
            onError: fail,
          },
        );
      }}
    />
  );
}
