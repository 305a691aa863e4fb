import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

/** The contract's limit on a staff reason (1000), repeated so the console does not load the schemas. */
const REASON_LIMIT = 1000;

/** What one ask for a reason says: a destructive decision that needs the reason staff give for it. */
export interface ReasonRequest {
  /** Names what is decided on: a new request starts an empty form. */
  key: string;
  title: string;
  description: ReactNode;
  label: string;
  hint: string;
  /** Said when the reason is left empty. */
  missing: string;
  rows?: number;
  submitLabel: string;
  pendingLabel: string;
}

/**
 * A staff decision that needs a reason (required): revoking access, rejecting a cancellation request. Open
 * while `request` is set; it cannot be dismissed while the decision is being sent. `onSubmit` gets the trimmed
 * reason and a `fail` to hand the server's refusal back to the form (a field error, or the form's alert).
 */
export function ReasonDialog({
  request,
  pending,
  onDismiss,
  onSubmit,
}: {
  request: ReasonRequest | null;
  pending: boolean;
  onDismiss: () => void;
  onSubmit: (reason: string, fail: (error: unknown) => void) => void;
}) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (open || pending) return;
        onDismiss();
      }}
    >
      {request && <ReasonForm key={request.key} request={request} pending={pending} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function ReasonForm({
  request,
  pending,
  onSubmit,
}: {
  request: ReasonRequest;
  pending: boolean;
  onSubmit: (reason: string, fail: (error: unknown) => void) => void;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors<'reason'>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setErrors({ fields: { reason: request.missing }, stale: false });
      return;
    }
    setErrors(noFormErrors);
    onSubmit(reason.trim(), (error) => setErrors(formErrorsFrom(error, { reason: 'reason' })));
  };

  return (
    <DialogContent
      onEscapeKeyDown={(e) => pending && e.preventDefault()}
      onPointerDownOutside={(e) => pending && e.preventDefault()}
    >
      <DialogTitle>{request.title}</DialogTitle>
      <DialogDescription>{request.description}</DialogDescription>
      <form ref={form} className="grid gap-4" onSubmit={submit} noValidate>
        <Field
          label={request.label}
          required
          hint={request.hint}
          error={errors.fields.reason}
          limit={REASON_LIMIT}
          count={reason.length}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={request.rows ?? 3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <FormActions>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? request.pendingLabel : request.submitLabel}
          </Button>
        </FormActions>
      </form>
    </DialogContent>
  );
}
