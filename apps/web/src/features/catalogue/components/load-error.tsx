import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';

/** Spec: 'Error' - 'Failed to load courses. Please try again later.' */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl border border-danger/50 bg-danger/10 p-8 text-center"
    >
      <p className="text-lg font-semibold">{t('Error')}</p>
      <p className="text-muted">{t('Failed to load courses. Please try again later.')}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('Try again')}
        </Button>
      )}
    </div>
  );
}
