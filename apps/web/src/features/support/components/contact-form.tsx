import { CONTACT_CATEGORIES, CONTACT_LIMITS, type ContactResponse } from '@kaushal/contract';
import { CheckCircle2, Send, XCircle } from 'lucide-react';
import { type FormEvent, useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { msg, t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { site } from '@/lib/site';
import { type ContactFormValues, useSubmitContact } from '../api/submit-contact';
import { contactErrorMessage } from '../lib/contact-error-message';

const EMPTY: ContactFormValues = { name: '', email: '', phone: '', subject: '', category: '', message: '' };
const REQUIRED = ['name', 'email', 'subject', 'category', 'message'] as const;
export const CONTACT_FORM_ID = 'contact-form';

type Status = { kind: 'idle' } | { kind: 'success'; response: ContactResponse } | { kind: 'error'; message: string };

/** Brings the form into view with its first field focused. */
export function focusContactForm() {
  const first = document.getElementById('contact-name');
  first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  first?.focus({ preventScroll: true });
}

/** The form's state, owned by the page so the help-category cards can preselect a category. */
export function useContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const set = useCallback(
    (field: keyof ContactFormValues, value: string) => setValues((v) => ({ ...v, [field]: value })),
    [],
  );
  /** Chooses a category and takes the visitor to the form, focused on the first field. */
  const preselect = useCallback((category: string) => {
    setValues((v) => ({ ...v, category }));
    focusContactForm();
  }, []);
  const reset = useCallback(() => setValues(EMPTY), []);
  return { values, set, preselect, reset };
}

export type ContactFormState = ReturnType<typeof useContactForm>;

/**
 * Spec section 4: required name, email, subject, category and message ('Missing Information' toast when one
 * is empty; the browser's own validation is off so that toast shows); everything disabled and 'Sending
 * Message...' while sending; on success the form clears and a green banner shows the server's message; on
 * error a red banner and an 'Error' toast show the text chosen in the spec's order.
 */
export function ContactForm({ form }: { form: ContactFormState }) {
  const { values, set, reset } = form;
  const submit = useSubmitContact();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = submit.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (REQUIRED.some((field) => values[field].trim() === '')) {
      toast({
        title: msg('Missing Information'),
        description: msg('Please fill in all required fields.'),
        variant: 'destructive',
      });
      return;
    }
    setStatus({ kind: 'idle' });
    submit.mutate(values, {
      onSuccess: (response) => {
        reset();
        setStatus({ kind: 'success', response });
        toast({
          title: msg('Message Sent!'),
          description: `${response.message} ${t('Ticket #{ticket}', { ticket: response.ticket_id })}`,
          variant: 'success',
        });
      },
      onError: (error) => {
        const message = contactErrorMessage(error, site.supportEmail);
        setStatus({ kind: 'error', message });
        toast({ title: msg('Error'), description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <form
      id={CONTACT_FORM_ID}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-heading"
      className="space-y-5"
    >
      <h2 id="contact-form-heading" className="text-2xl font-bold">
        {t('Send us a message')}
      </h2>

      {status.kind === 'success' && (
        <div role="status" className="flex gap-3 rounded-xl border border-success/50 bg-success/10 p-4">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="font-semibold text-success">{t('Message Sent Successfully!')}</p>
            <p className="text-sm">{status.response.message}</p>
            <p className="mt-1 text-sm text-muted">{t('Ticket #{ticket}', { ticket: status.response.ticket_id })}</p>
          </div>
        </div>
      )}
      {status.kind === 'error' && (
        <div role="alert" className="flex gap-3 rounded-xl border border-danger/50 bg-danger/10 p-4">
          <XCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          <div>
            <p className="font-semibold text-danger">{t('Failed to Send Message')}</p>
            <p className="text-sm">{status.message}</p>
          </div>
        </div>
      )}

      <fieldset disabled={sending} className="space-y-5">
        <legend className="sr-only">{t('Your message')}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="contact-name" label={t('Full Name')} required limit={CONTACT_LIMITS.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
              />
            )}
          </Field>
          <Field id="contact-email" label={t('Email Address')} required limit={CONTACT_LIMITS.email}>
            {(control) => (
              <Input
                {...control}
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
              />
            )}
          </Field>
          <Field
            id="contact-phone"
            label={
              <>
                {t('Phone Number')} <span className="font-normal text-muted">{t('(optional)')}</span>
              </>
            }
            limit={CONTACT_LIMITS.phone}
          >
            {(control) => (
              <Input
                {...control}
                name="phone"
                type="tel"
                autoComplete="tel"
                value={values.phone}
                onChange={(e) => set('phone', e.target.value)}
              />
            )}
          </Field>
          <Field id="contact-category" label={t('Category')} required>
            {(control) => (
              <Select
                {...control}
                name="category"
                value={values.category}
                onChange={(e) => set('category', e.target.value)}
              >
                <option value="" disabled>
                  {t('Select a category')}
                </option>
                {CONTACT_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {t(c.label)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field id="contact-subject" label={t('Subject')} required limit={CONTACT_LIMITS.subject}>
          {(control) => (
            <Input
              {...control}
              name="subject"
              value={values.subject}
              onChange={(e) => set('subject', e.target.value)}
            />
          )}
        </Field>
        <Field id="contact-message" label={t('Message')} required limit={CONTACT_LIMITS.message}>
          {(control) => (
            <Textarea
              {...control}
              name="message"
              rows={6}
              value={values.message}
              onChange={(e) => set('message', e.target.value)}
            />
          )}
        </Field>
        <p className="text-xs text-muted">
          {tRich('Fields marked {asterisk} are required.', {
            asterisk: (
              <>
                <span aria-hidden="true">*</span>
                <span className="sr-only">{t('with an asterisk')}</span>
              </>
            ),
          })}
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {sending ? t('Sending Message...') : t('Send Message')}
        </Button>
      </fieldset>
    </form>
  );
}
