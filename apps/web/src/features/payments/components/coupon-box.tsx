import { LoaderCircle, TicketPercent } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSignInGate } from '@/features/auth';
import { formatPaise } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import type { CouponState } from '../hooks/use-coupon';

/**
 * "Have a coupon?" in a course's pricing area: it opens a labelled code field with Apply. An applied code
 * says what it saves ("SAVE20 applied: 20% off, you save ₹599") with Remove; a refusal shows under the field.
 * Open from the start when the address brings a code (a shared link, or the way back from signing in).
 */
export function CouponBox({ coupon }: { coupon: CouponState }) {
  const { sendToSignIn } = useSignInGate();
  const [open, setOpen] = useState(coupon.entered !== '');
  const [draft, setDraft] = useState(coupon.entered);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes after the next change the learner made (never on a page load's own apply). */
  const focusNext = useRef<'input' | 'remove' | null>(null);
  const applied = coupon.quote;

  // The field follows the address (Back, a new link), not only the learner's typing.
  useEffect(() => {
    setDraft(coupon.entered);
    if (coupon.entered) setOpen(true);
  }, [coupon.entered]);

  // After Apply the field is replaced by the saving (focus goes to its Remove) or stays with its error; after
  // Remove or opening, focus goes to the field.
  const refused = coupon.error !== null && !coupon.checking;
  useEffect(() => {
    if (focusNext.current === 'remove' && applied) removeButton.current?.focus();
    else if (focusNext.current === 'remove' && refused) input.current?.focus();
    else if (focusNext.current === 'input' && open && !applied) input.current?.focus();
    else return;
    focusNext.current = null;
  }, [applied, open, refused]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (coupon.checking || draft.trim() === '') {
      input.current?.focus();
      return;
    }
    focusNext.current = 'remove';
    coupon.apply(draft);
  };

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-success/40 bg-success/10 p-3 text-sm">
        <p role="status" className="min-w-0 flex-1">
          <TicketPercent className="mr-1.5 inline size-4 align-[-0.2em] text-success" aria-hidden="true" />
          {tRich('{applied}: {label}, you save {amount}', {
            applied: <span className="font-semibold">{t('{code} applied', { code: applied.code })}</span>,
            label: applied.label,
            amount: formatPaise(applied.discount),
          })}
        </p>
        <Button
          ref={removeButton}
          variant="ghost"
          size="sm"
          aria-label={t('Remove coupon {code}', { code: applied.code })}
          onClick={() => {
            focusNext.current = 'input';
            setDraft('');
            coupon.remove();
          }}
        >
          {t('Remove')}
        </Button>
      </div>
    );
  }

  if (!open) {
    return (
      <Button
        variant="link"
        className="h-auto self-start px-0"
        aria-expanded={false}
        onClick={() => {
          focusNext.current = 'input';
          setOpen(true);
        }}
      >
        <TicketPercent aria-hidden="true" />
        {t('Have a coupon?')}
      </Button>
    );
  }

  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <Label htmlFor={inputId}>{t('Coupon code')}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          className="min-w-0 flex-1 uppercase"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={coupon.error ? true : undefined}
          aria-describedby={coupon.error ? errorId : undefined}
        />
        <Button type="submit" variant="secondary" disabled={coupon.checking} aria-busy={coupon.checking || undefined}>
          {coupon.checking && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {coupon.checking ? t('Applying…') : t('Apply')}
        </Button>
      </div>
      {coupon.error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {coupon.error}
        </p>
      )}
      {coupon.awaitingSignIn && !coupon.error && (
        <p className="text-sm text-muted">
          {t('Sign in to apply {code}: it is kept for when you come back.', { code: coupon.code })}{' '}
          <Button variant="link" className="h-auto px-0" onClick={() => sendToSignIn('enroll')}>
            {t('Sign in')}
          </Button>
        </p>
      )}
    </form>
  );
}
