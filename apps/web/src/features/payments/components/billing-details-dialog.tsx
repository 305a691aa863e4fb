import { type BillingProfile, GST_STATES } from '@kaushal/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { t } from '@/lib/i18n/i18n';
import { useSaveBillingProfile } from '../api/billing-profile';
import {
  BILLING_FIELDS,
  type BillingDraft,
  type BillingErrors,
  type BillingField,
  billingDraft,
  billingErrorsFrom,
  checkBillingDraft,
} from '../lib/billing-form';

export interface BillingDetailsDialogProps {
  open: boolean;
  /** Closing without saving (Cancel, Escape, a click outside); refused while a save runs. */
  onOpenChange(open: boolean): void;
  /** The saved details to edit, or null for the first time (the account's name is suggested). */
  profile: BillingProfile | null;
  accountName: string;
  /** The submit button's label ('Save'). */
  submitLabel: string;
  onSaved(profile: BillingProfile): void;
  /** The button that opens it: closing returns focus there (a dialog without one drops focus on the page). */
  trigger?: ReactNode;
}

/**
 * "Billing details": the name, state (the GST place of supply), optional GSTIN and address every invoice
 * carries a copy of. Offered beside the pay button before a checkout and in the purchase history (decision 024). Checked in
 * the browser by the contract's own rules; what the server still refuses shows on its field.
 */
export function BillingDetailsDialog({ open, onOpenChange, trigger, ...formProps }: BillingDetailsDialogProps) {
  const save = useSaveBillingProfile();
  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <DialogTitle>{t('Billing details')}</DialogTitle>
        <DialogDescription>
          {t(
            'For your GST invoice: the name it is made out to, your state (the place of supply) and your GSTIN if you claim input tax credit. We keep them for your next purchases; invoices already issued stay as they were.',
          )}
        </DialogDescription>
        {/* Mounted only while open: each opening starts from the saved details. */}
        {open && <BillingForm {...formProps} save={save} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type BillingFormProps = Omit<BillingDetailsDialogProps, 'open' | 'onOpenChange' | 'trigger'> & {
  save: ReturnType<typeof useSaveBillingProfile>;
  onCancel(): void;
};

function BillingForm({ profile, accountName, submitLabel, onSaved, save, onCancel }: BillingFormProps) {
  const [draft, setDraft] = useState<BillingDraft>(() => billingDraft(profile, accountName));
  const [errors, setErrors] = useState<BillingErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const baseId = useId();
  const idOf = (field: BillingField) => `${baseId}-${field}`;

  const set = (field: BillingField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Keyboard and screen-reader users land on the first problem. */
  const showErrors = (next: BillingErrors) => {
    setErrors(next);
    const first = BILLING_FIELDS.find((field) => next[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const checked = checkBillingDraft(draft);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: onSaved,
      onError: (error) => {
        const refused = billingErrorsFrom(error);
        setFormError(refused.form ?? null);
        showErrors(refused.fields);
      },
    });
  };

  const busy = save.isPending;
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          {formError}
        </p>
      )}
      <Field
        id={idOf('name')}
        label={t('Name on the invoice')}
        required
        limit={120}
        hint={t("Your own name, or your company's if it pays for the course.")}
        error={errors.name}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            value={draft.name}
            onChange={(e) => set('name')(e.target.value)}
            disabled={busy}
          />
        )}
      </Field>
      <Field
        id={idOf('stateCode')}
        label={t('State or union territory')}
        required
        hint={t('Where you are: it decides the GST on your invoice.')}
        error={errors.stateCode}
      >
        {(control) => (
          <Select
            {...control}
            value={draft.stateCode}
            onChange={(e) => set('stateCode')(e.target.value)}
            disabled={busy}
          >
            <option value="">{t('Choose your state or union territory')}</option>
            {GST_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id={idOf('gstin')}
        label={t('GSTIN (optional)')}
        hint={t('Only for a GST-registered business that claims input tax credit.')}
        error={errors.gstin}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
            value={draft.gstin}
            onChange={(e) => set('gstin')(e.target.value.toUpperCase())}
            disabled={busy}
          />
        )}
      </Field>
      <Field
        id={idOf('address')}
        label={t('Address (optional)')}
        hint={t('Printed on the invoice.')}
        limit={300}
        count={draft.address.length}
        error={errors.address}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            autoComplete="street-address"
            value={draft.address}
            onChange={(e) => set('address')(e.target.value)}
            disabled={busy}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('Saving…') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
