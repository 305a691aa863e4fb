import { Info, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';

/** Says plainly that the dashboard shows sample data (it could not be loaded), with a way to try again. */
export function SampleDataNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Info className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-sm">
          <strong className="font-semibold">{t('Sample data.')}</strong>{' '}
          {t(
            "We couldn't load your dashboard just now, so the courses and figures below are examples, not your own progress.",
          )}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying} className="shrink-0">
        <RefreshCw className={retrying ? 'animate-spin motion-reduce:animate-none' : undefined} aria-hidden="true" />
        {retrying ? t('Retrying…') : t('Retry')}
      </Button>
    </div>
  );
}
