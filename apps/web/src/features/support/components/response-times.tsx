import { Timer } from 'lucide-react';
import { msg, t } from '@/lib/i18n/i18n';

/** Spec: under 2 hours for critical technical issues, under 24 hours general, under 48 hours partnerships. */
const TARGETS = [
  { time: msg('Under 2 hours'), label: msg('Critical technical issues') },
  { time: msg('Under 24 hours'), label: msg('General requests') },
  { time: msg('Under 48 hours'), label: msg('Business partnerships') },
] as const;

export function ResponseTimes() {
  return (
    <section aria-labelledby="response-heading" className="rounded-2xl border border-accent/40 bg-accent/5 p-6">
      <h2 id="response-heading" className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <Timer className="size-5 text-accent" aria-hidden="true" />
        {t('Our response time guarantee')}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {TARGETS.map((target) => (
          <div key={target.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-muted">{t(target.label)}</dt>
            <dd className="text-xl font-bold text-accent">{t(target.time)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
