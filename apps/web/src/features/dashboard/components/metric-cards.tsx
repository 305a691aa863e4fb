import type { Dashboard } from '@kaushal/contract';
import { Award, BookOpen, Clock, type LucideIcon, TrendingUp } from 'lucide-react';

const CARDS: ReadonlyArray<{ title: string; Icon: LucideIcon; value: (m: Dashboard['metrics']) => string }> = [
  { title: 'Courses Enrolled', Icon: BookOpen, value: (m) => String(m.coursesEnrolled) },
  { title: 'Time Spent Learning', Icon: Clock, value: (m) => m.timeSpentLearning },
  { title: 'Average Progress', Icon: TrendingUp, value: (m) => `${m.averageProgress}%` },
  { title: 'Achievements Earned', Icon: Award, value: (m) => String(m.achievementsEarned) },
];

/** The spec's four metric cards, each a titled figure. */
export function MetricCards({ metrics }: { metrics: Dashboard['metrics'] }) {
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        Overview
      </h2>
      <ul aria-label="Your learning at a glance" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {CARDS.map(({ title, Icon, value }) => (
          <li key={title} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-medium text-muted">{title}</h3>
              <Icon className="size-5 shrink-0 text-accent" aria-hidden="true" />
            </div>
            <p className="mt-2 text-2xl font-bold md:text-3xl">{value(metrics)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
