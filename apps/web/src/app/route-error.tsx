import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { Link, useRouteError } from '@/lib/router';

/** The error boundary of each route: a readable message and a way back, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t('Something went wrong')}</h1>
      <p className="text-muted">
        {chunkFailed
          ? t('A new version of the site is available. Reload the page to continue.')
          : t('This part of the page failed to load. Please try again.')}
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>{t('Reload')}</Button>
        <Button asChild variant="secondary">
          <Link to="/">{t('Return to Home')}</Link>
        </Button>
      </div>
    </div>
  );
}
