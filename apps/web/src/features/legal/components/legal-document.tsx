import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { usePageTitle } from '@/lib/use-page-title';

/** The frame of a legal text page: title, optional 'Last updated' line, readable measure, related links. */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  children,
}: {
  title: string;
  lastUpdated?: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:px-6 md:py-16">
      <header className="mb-10 space-y-3 border-b border-border pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{title}</h1>
        {lastUpdated && <p className="text-sm text-muted">Last updated {lastUpdated}</p>}
        <div className="text-lg text-muted">{intro}</div>
      </header>
      <div className="space-y-10">{children}</div>
      <nav aria-label="Related policies" className="mt-14 border-t border-border pt-6 text-sm text-muted">
        <p>
          See also our <LegalLink to="/privacy-policy">Privacy Policy</LegalLink>,{' '}
          <LegalLink to="/refund-policy">Refund Policy</LegalLink> and{' '}
          <LegalLink to="/terms-and-conditions">Terms and Conditions</LegalLink>. Questions?{' '}
          <LegalLink to="/contact-us">Contact us</LegalLink>.
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
