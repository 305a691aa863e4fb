import { BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';

/** What the page says when there is no certificate to show: deleted with its account, never issued, or an error. */
export function CertificateMissing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const [title, text] =
    status === 410
      ? [
          t('This certificate no longer exists'),
          t('It was issued, but the account it was issued to has since been deleted, and the certificate with it.'),
        ]
      : status === 404 || status === 400
        ? [
            t('Certificate not found'),
            t('No certificate has this ID. Check the link you were given: certificate IDs are case-sensitive.'),
          ]
        : [t('The certificate could not be loaded'), t('Please check your connection and try again.')];
  const retryable = status === 0 || status >= 500;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        {retryable && <Button onClick={onRetry}>{t('Try again')}</Button>}
        <Button asChild variant={retryable ? 'outline' : 'primary'}>
          <Link to="/courses">
            <BookOpen aria-hidden="true" />
            {t('Browse all courses')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
