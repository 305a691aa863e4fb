import { PROGRESS_SAVE_EVERY_SECONDS } from '@kaushal/contract';
import { MILESTONE_PERCENTS } from './constants';

export type Milestone = (typeof MILESTONE_PERCENTS)[number];

export interface ProgressStep {
  /** A position to save now (whole seconds), or null. */
  save: number | null;
  /** A milestone reached by this step (25, 50 or 75), or null. */
  milestone: Milestone | null;
}

export interface ProgressTracker {
  /** Called on every time update with the position and the video's duration. */
  onTime(position: number, duration: number): ProgressStep;
  /** The video ended: the position to save with `completed: true`, once per playback to the end. */
  onEnded(duration: number): number | null;
  /** Milestones reached so far, for the progress bar's marks. */
  reached(): ReadonlySet<Milestone>;
}

const multipleOf = (position: number) =>
  Math.floor(Math.max(0, position) / PROGRESS_SAVE_EVERY_SECONDS) * PROGRESS_SAVE_EVERY_SECONDS;

/**
 * Decides when the player saves progress (decision 002): once per distinct multiple of 10 s reached (not on every
 * time update), at every 25% milestone, and at the end. Milestones before the resume position count as
 * reached without a save.
 *
 * @param lessonSeconds the lesson's length as the server knows it; bounds the position sent at the end.
 */
export function createProgressTracker(options: { startAt: number; lessonSeconds: number }): ProgressTracker {
  let lastMultiple = multipleOf(options.startAt);
  const reached = new Set<Milestone>();
  let ended = false;
  const initial = options.lessonSeconds;
  for (const percent of MILESTONE_PERCENTS) {
    if (percent < 100 && initial > 0 && options.startAt >= (initial * percent) / 100) reached.add(percent);
  }

  return {
    onTime(position, duration) {
      const length = Number.isFinite(duration) && duration > 0 ? duration : options.lessonSeconds;
      if (position < length - 1) ended = false;
      let save: number | null = null;
      const multiple = multipleOf(position);
      if (multiple !== lastMultiple) {
        lastMultiple = multiple;
        save = multiple;
      }
      let milestone: Milestone | null = null;
      for (const percent of MILESTONE_PERCENTS) {
        if (percent === 100 || reached.has(percent) || length <= 0) continue;
        if (position >= (length * percent) / 100) {
          reached.add(percent);
          milestone = percent;
          save ??= Math.floor(position);
        }
      }
      return { save, milestone };
    },
    onEnded(duration) {
      if (ended) return null;
      ended = true;
      reached.add(100);
      const length = Number.isFinite(duration) && duration > 0 ? duration : options.lessonSeconds;
      // The server accepts a few seconds past its recorded length, not more.
      return Math.min(Math.ceil(length), options.lessonSeconds + 5);
    },
    reached: () => reached,
  };
}
