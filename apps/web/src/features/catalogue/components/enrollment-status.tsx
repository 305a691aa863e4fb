import type { EnrollmentStatus as Status } from '@kaushal/contract';
import { CheckCircle2, CircleDashed, TimerOff } from 'lucide-react';
import { t } from '@/lib/i18n/i18n';
import { accessLabel } from '../lib/course-access';

/** Where the visitor stands with this course: enrolled (permanent or active), expired, or not enrolled. */
export function EnrollmentStatus({ status, isFree }: { status: Status | null; isFree: boolean }) {
  if (status?.enrolled) {
    return (
      <div className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-4" data-testid="enrollment-status">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div>
          <p className="font-semibold">{accessLabel(status.status)}</p>
          {status.message && <p className="text-sm text-muted">{status.message}</p>}
        </div>
      </div>
    );
  }
  if (status) {
    return (
      <div className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4" data-testid="enrollment-status">
        <TimerOff className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('Access expired')}</p>
          {status.message && <p className="text-sm text-muted">{status.message}</p>}
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-3 rounded-xl border border-border p-4" data-testid="enrollment-status">
      <CircleDashed className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t('Not enrolled yet')}</p>
        <p className="text-sm text-muted">
          {isFree ? t('Enroll for free to unlock every lesson.') : t('Enroll to unlock every lesson of this course.')}
        </p>
      </div>
    </div>
  );
}
