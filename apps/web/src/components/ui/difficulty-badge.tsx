import type { Difficulty } from '@kaushal/contract';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';

/** Spec: green for Beginner, yellow for Intermediate, red for Advanced. */
const COLOURS: Record<Difficulty, string> = {
  Beginner: 'bg-green-500/15 text-green-300 border-green-500/40 [.light_&]:text-green-800',
  Intermediate: 'bg-yellow-500/15 text-yellow-200 border-yellow-500/40 [.light_&]:text-yellow-800',
  Advanced: 'bg-red-500/15 text-red-300 border-red-500/40 [.light_&]:text-red-800',
};

export function DifficultyBadge({ difficulty, className }: { difficulty: Difficulty; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        COLOURS[difficulty],
        className,
      )}
      data-difficulty={difficulty}
    >
      {t(difficulty)}
    </span>
  );
}
