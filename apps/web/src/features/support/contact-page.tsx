import { t } from '@/lib/i18n/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ContactForm, focusContactForm, useContactForm } from './components/contact-form';
import { ContactInfoCards } from './components/contact-info-cards';
import { Headquarters } from './components/headquarters';
import { HelpCategories } from './components/help-categories';
import { ResponseTimes } from './components/response-times';

export function ContactPage() {
  usePageTitle(t('Contact Us'));
  const form = useContactForm();
  return (
    <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 md:px-6 md:py-16">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{t('Contact Us')}</h1>
        <p className="text-lg text-muted">
          {t('Questions about a course, a payment or training for your team? We are here to help.')}
        </p>
      </header>

      <ContactInfoCards onUseForm={focusContactForm} />
      <HelpCategories onChoose={form.preselect} />

      <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="rounded-2xl border border-border bg-surface p-6 md:p-8">
          <ContactForm form={form} />
        </div>
        <Headquarters />
      </div>

      <ResponseTimes />
    </div>
  );
}
