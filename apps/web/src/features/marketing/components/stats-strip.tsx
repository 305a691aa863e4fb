import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { statsQuery } from '@/features/catalogue';
import { formatStudentsShort } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { site } from '@/lib/site';

/** One figure; the value box has a fixed height, so loading and loaded take the same space (no layout shift). */
function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex flex-col-reverse items-center gap-1">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="flex h-10 items-center text-3xl font-bold md:text-4xl">
        {value ?? <Skeleton className="h-8 w-20" />}
      </dd>
    </div>
  );
}

/**
 * Spec: students in thousands with K+, rating to one decimal out of 5, and the fixed claims (20+ CTOs
 * consulted, 95% job success in AI).
 */
export function StatsStrip() {
  const stats = useQuery(statsQuery());
  const pending = stats.isPending;
  // After a failed load the live figures show a dash rather than an endless placeholder.
  const live = (format: (s: NonNullable<typeof stats.data>) => string) =>
    stats.data ? format(stats.data) : pending ? null : '–';
  return (
    <section aria-label={t('Key figures')} className="border-y border-border bg-surface" aria-busy={pending}>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4 md:px-6">
        <Figure label={t('Students learning')} value={live((s) => formatStudentsShort(s.students))} />
        <Figure label={t('Average course rating')} value={live((s) => `${s.rating.toFixed(1)}/5`)} />
        <Figure label={t('CTOs consulted')} value={site.ctosConsulted} />
        <Figure label={t('Job success in AI')} value={`${site.successRate}%`} />
      </dl>
    </section>
  );
}
