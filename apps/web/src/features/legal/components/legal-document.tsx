import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { currentLanguage, type MessageId, t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { Link } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The frame of a legal text page: title, optional 'Last updated' line, readable measure, related links. The
 * frame speaks the interface's language; the policy itself is English only (a legal text needs a reviewed
 * translation, docs/decisions/037), marked `lang="en"`, and another language says so above it.
 */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  children,
}: {
  title: MessageId;
  lastUpdated?: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(t(title));
  const english = currentLanguage() === 'en';
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:px-6 md:py-16">
      <header className="mb-10 space-y-3 border-b border-border pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{t(title)}</h1>
        {!english && (
          <p className="rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm">
            {t('This policy is published in English only. The English text below is the one that applies.')}
          </p>
        )}
        <div lang="en" className="space-y-3">
          {lastUpdated && <p className="text-sm text-muted">Last updated {lastUpdated}</p>}
          <div className="text-lg text-muted">{intro}</div>
        </div>
      </header>
      <div lang="en" className="space-y-10">
        {children}
      </div>
      <nav aria-label={t('Related policies')} className="mt-14 border-t border-border pt-6 text-sm text-muted">
        <p>
          {tRich('See also our {privacy}, {refund} and {terms}. Questions? {contact}.', {
            privacy: <LegalLink to="/privacy-policy">{t('Privacy Policy')}</LegalLink>,
            refund: <LegalLink to="/refund-policy">{t('Refund Policy')}</LegalLink>,
            terms: <LegalLink to="/terms-and-conditions">{t('Terms and Conditions')}</LegalLink>,
            contact: <LegalLink to="/contact-us">{t('Contact us')}</LegalLink>,
          })}
        </p>
      </nav>
    </article>
  );
}

export function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-accent underline underline-offset-4 hover:no-underline">
      {children}
    </Link>
  );
}

/** A numbered section: its heading is what screen-reader users jump between. */
export function LegalSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('space-y-3 leading-relaxed text-fg/90', className)}>
      <h2 id={id} className="text-xl font-bold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-accent">{children}</ul>;
}
