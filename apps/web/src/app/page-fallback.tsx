import { t } from '@/lib/i18n/i18n';
export function PageFallback() {
  return (
    <div className="flex min-h-svh items-center justify-center" role="status" aria-live="polite">
      <span
        className="size-8 animate-spin rounded-full border-2 border-accent border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">{t('Loading…')}</span>
    </div>
  );
}
