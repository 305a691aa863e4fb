import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { MILESTONE_PERCENTS } from '../lib/constants';
import { formatTime } from '../lib/playback-math';
import type { Milestone } from '../lib/progress-tracker';

export interface SeekBarProps {
  time: number;
  duration: number;
  buffered: number;
  milestones: ReadonlySet<Milestone>;
  onSeek(seconds: number): void;
}

const percentOf = (value: number, total: number) =>
  Number.isFinite(total) && total > 0 ? Math.min(100, Math.max(0, (value / total) * 100)) : 0;

/**
 * A native range input (keyboard and screen readers work as everywhere) over a drawn track showing what is
 * played, what is buffered, and the 25% milestones, lit once reached.
 */
export function SeekBar({ time, duration, buffered, milestones, onSeek }: SeekBarProps) {
  const known = Number.isFinite(duration) && duration > 0;
  return (
    <div className="group/seek relative flex h-5 items-center">
      <div className="pointer-events-none absolute inset-x-0 h-1.5 overflow-hidden rounded-full bg-white/25 transition-[height] group-hover/seek:h-2">
        <div
          className="absolute inset-y-0 left-0 bg-white/40"
          style={{ width: `${percentOf(buffered, duration)}%` }}
          data-testid="buffered-range"
        />
        <div className="absolute inset-y-0 left-0 bg-accent" style={{ width: `${percentOf(time, duration)}%` }} />
      </div>
      {MILESTONE_PERCENTS.filter((p) => p < 100).map((percent) => (
        <span
          key={percent}
          aria-hidden="true"
          data-milestone={percent}
          data-reached={milestones.has(percent) ? 'true' : 'false'}
          className={cn(
            'pointer-events-none absolute top-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full border border-black/60',
            milestones.has(percent) ? 'bg-accent' : 'bg-white/60',
          )}
          style={{ left: `${percent}%` }}
        />
      ))}
      <input
        type="range"
        aria-label={t('Seek')}
        min={0}
        max={known ? duration : 0}
        step={0.1}
        value={known ? Math.min(time, duration) : 0}
        disabled={!known}
        aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
        onChange={(e) => onSeek(Number(e.currentTarget.value))}
        className="relative z-10 h-5 w-full cursor-pointer appearance-none bg-transparent disabled:cursor-default [&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-accent [&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-accent"
      />
    </div>
  );
}
