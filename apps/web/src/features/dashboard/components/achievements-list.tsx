import type { Achievement } from '@kaushal/contract';
import { Lock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { ACHIEVEMENT_ICONS } from './achievement-icon';

/** The achievements, earned ones highlighted, locked ones dimmed with a lock; the state is also in words. */
export function AchievementsList({ achievements }: { achievements: Achievement[] }) {
  return (
    <section aria-labelledby="achievements-title" className="space-y-4">
      <h2 id="achievements-title" className="text-xl font-semibold">
        {t('Achievements')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {achievements.map(({ title, description, icon, earned }) => {
          const Icon = ACHIEVEMENT_ICONS[icon];
          return (
            <li
              key={title}
              data-earned={earned}
              className={cn(
                'flex items-start gap-3 rounded-2xl border p-4',
                earned ? 'border-accent/50 bg-accent/10' : 'border-border bg-surface',
              )}
            >
              <span className={cn('rounded-full p-2', earned ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-muted')}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 space-y-0.5">
                <h3 className={cn('font-semibold', !earned && 'text-muted')}>{title}</h3>
                <p className="text-sm text-muted">{description}</p>
                <p
                  className={cn('flex items-center gap-1 text-xs font-semibold', earned ? 'text-accent' : 'text-muted')}
                >
                  {!earned && <Lock className="size-3" aria-hidden="true" />}
                  {earned ? t('Earned') : t('Locked')}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
