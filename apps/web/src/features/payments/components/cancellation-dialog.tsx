import { cancellationRequestBodySchema, type Purchase } from '@kaushal/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { msg, t, translateText } from '@/lib/i18n/i18n';
import { validationIssues } from '@/lib/validation-issues';
import { useRequestCancellation } from '../api/purchases';

const REASON_LIMIT = 1000;

/**
 * "Request cancellation" (the policy allows asking: within 48 hours, under 25% watched): the learner says why,
 * and support decides in the console. Sent once however often Send is pressed; the history then shows
 * "Cancellation requested".
 */
export function CancellationDialog({ purchase }: { purchase: Purchase }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestCancellation();
  const started = useRef(false);
  const reasonId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (started.current) return;
    const parsed = cancellationRequestBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(translateText(parsed.error.issues[0]?.message ?? msg('Tell us briefly why you want to cancel.')));
      document.getElementById(reasonId)?.focus();
      return;
    }
    setError(null);
    started.current = true;
    request.mutate(
      { orderId: purchase.orderId, courseId: purchase.courseId, body: parsed.data },
      {
        onSuccess: () => setOpen(false),
        onError: (failure) => {
          // A reason the server refused is shown on the field; other refusals are a message (api/purchases).
          if (failure instanceof ApiError && failure.status === 400 && failure.detail) {
            setError(validationIssues(failure.detail)[0]?.message ?? failure.detail);
          } else setOpen(false);
        },
        onSettled: () => {
          started.current = false;
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (request.isPending) return;
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={request.isPending}>
          {t('Request cancellation')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t('Request cancellation')}</DialogTitle>
        <DialogDescription>
          {t(
            'Our support team reviews requests within 3-5 business days. If they approve it, your refund is processed in 7-10 business days (plus 3-7 for a bank transfer) and your access to {course} ends.',
            { course: purchase.courseTitle },
          )}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field
            id={reasonId}
            label={t('Why do you want to cancel?')}
            required
            limit={REASON_LIMIT}
            count={reason.length}
            error={error}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
                disabled={request.isPending}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={request.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={request.isPending} aria-busy={request.isPending || undefined}>
              {request.isPending ? t('Sending…') : t('Send request')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
