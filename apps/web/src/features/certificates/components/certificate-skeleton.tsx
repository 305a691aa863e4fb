import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/lib/i18n/i18n';

/** The certificate's frame while it loads, the size it will have, so nothing below it jumps. */
export function CertificateSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6" role="status" aria-live="polite">
      <span className="sr-only">{t('Loading the certificate…')}</span>
      <div className="space-y-8 rounded-2xl border border-border bg-surface p-5 sm:p-8 md:p-10">
        <div className="space-y-3">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-7 w-24 rounded-full" />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {['name', 'course', 'date', 'time', 'id'].map((fact) => (
            <div key={fact} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-6 w-40" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
