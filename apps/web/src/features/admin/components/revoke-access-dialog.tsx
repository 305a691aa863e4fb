import type { AdminLearner, AdminLearnerEnrollment } from '@kaushal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useRevokeAccess } from '../api/admin-learners';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { SOURCE_LABELS } from '../lib/learners';
import type { Outcome } from '../lib/refunds';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

/** The contract's limit (learners.ts ACCESS_REASON_LIMIT), repeated so the console does not load the schemas. */
const REASON_LIMIT = 1000;

/**
 * Ending a learner's enrollment, asked first with the reason the audit log keeps (required). Whatever gave the
 * access (free, bought, granted) it ends; orders and certificates stay as they are, and no email is sent.
 */
export function RevokeAccessDialog({
  learner,
  enrollment,
  onClose,
  onOutcome,
}: {
  learner: AdminLearner;
  enrollment: AdminLearnerEnrollment | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const revoke = useRevokeAccess(learner.id);
  return (
    <Dialog
      open={enrollment !== null}
      onOpenChange={(open) => {
        if (open || revoke.isPending) return;
        revoke.reset();
        onClose();
      }}
    >
      {enrollment && (
        <RevokeForm
          key={enrollment.courseId}
          learner={learner}
          enrollment={enrollment}
          revoke={revoke}
          onClose={onClose}
          onOutcome={onOutcome}
        />
      )}
    </Dialog>
  );
}

function RevokeForm({
  learner,
  enrollment,
  revoke,
  onClose,
  onOutcome,
}: {
  learner: AdminLearner;
  enrollment: AdminLearnerEnrollment;
  revoke: ReturnType<typeof useRevokeAccess>;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors<'reason'>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setErrors({ fields: { reason: 'Give a reason for the audit log.' }, stale: false });
      return;
    }
    setErrors(noFormErrors);
    revoke.mutate(
      { courseId: enrollment.courseId, reason: reason.trim() },
      {
        onSuccess: () => {
          onOutcome({
            kind: 'done',
            text: `Access revoked: ${learner.name} can no longer open ${enrollment.courseTitle}.`,
          });
          onClose();
        },
        onError: (error) => setErrors(formErrorsFrom(error, { reason: 'reason' })),
      },
    );
  };

  return (
    <DialogContent
      onEscapeKeyDown={(e) => revoke.isPending && e.preventDefault()}
      onPointerDownOutside={(e) => revoke.isPending && e.preventDefault()}
    >
      <DialogTitle>Revoke access to {enrollment.courseTitle}?</DialogTitle>
      <DialogDescription>
        {learner.name} can no longer open the course's paid lessons, however the access was gained (here:{' '}
        {SOURCE_LABELS[enrollment.source].toLowerCase()}). Orders are not refunded, certificates stay, and no email is
        sent.
      </DialogDescription>
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
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
        <FormActions>
          <DialogClose asChild>
            <Button variant="secondary" disabled={revoke.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking…' : 'Revoke access'}
          </Button>
        </FormActions>
      </form>
    </DialogContent>
  );
}
