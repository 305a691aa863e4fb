import type { Dashboard } from '@kaushal/contract';
import { Award, BookOpen, Clock, type LucideIcon, TrendingUp } from 'lucide-react';
import { type MessageId, msg, t } from '@/lib/i18n/i18n';

const CARDS: ReadonlyArray<{ title: MessageId; Icon: LucideIcon; value: (m: Dashboard['metrics']) => string }> = [
  { title: msg('Courses Enrolled'), Icon: BookOpen, value: (m) => String(m.coursesEnrolled) },
  { title: msg('Time Spent Learning'), Icon: Clock, value: (m) => m.timeSpentLearning },
  { title: msg('Average Progress'), Icon: TrendingUp, value: (m) => `${m.averageProgress}%` },
  { title: msg('Achievements Earned'), Icon: Award, value: (m) => String(m.achievementsEarned) },
];

/** The spec's four metric cards, each a titled figure. */
export function MetricCards({ metrics }: { metrics: Dashboard['metrics'] }) {
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        {t('Overview')}
      </h2>
      <ul aria-label={t('Your learning at a glance')} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {CARDS.map(({ title, Icon, value }) => (
          <li key={title} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-medium text-muted">{t(title)}</h3>
              <Icon className="size-5 shrink-0 text-accent" aria-hidden="true" />
            </div>
            <p className="mt-2 text-2xl font-bold md:text-3xl">{value(metrics)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
