import type { ProgressBody } from '@kaushal/contract';
import { badRequest } from '../../lib/errors.ts';
import { type LessonRow, requireVideo } from './lesson-access.ts';
import { creditedStep, isHonestlyComplete, mergeRange, type Range, totalSeconds } from './watched-ranges.ts';

/** A real video can run a little past the length recorded for its lesson. */
export const POSITION_SLACK_SECONDS = 5;

/** One learner's progress on one lesson, as lesson_progress stores it. */
export interface ProgressState {
  resumeSeconds: number;
  watchedSeconds: number;
  watchedRanges: Range[];
  completed: boolean;
  completedAt: Date | null;
  updatedAt: Date;
  /** Pace the previous reports left unused, carried to the next one (see watched-ranges.ts). */
  paceSlackSeconds: number;
}

/** The position a report saves, clamped to the lesson; 404 without a video, 400 past the end (with slack). */
export function reportedPosition(
  lesson: Pick<LessonRow, 'durationSeconds' | 'videoType' | 'videoRef'>,
  body: ProgressBody,
): number {
  requireVideo(lesson);
  const limit = lesson.durationSeconds + POSITION_SLACK_SECONDS;
  if (body.watchSeconds > limit) {
    throw badRequest(`Invalid request body: watchSeconds must be at most ${limit} for this lesson.`, 'invalid_request');
  }
  return Math.min(body.watchSeconds, lesson.durationSeconds);
}

/**
 * Pure: the progress after one report. The resume position is whatever the learner reported (it moves back on
 * a rewind); watched ranges only grow, and only by seconds that playback could really have covered since the
 * previous report, with the pace earlier reports left unused (see watched-ranges.ts); completion follows the 90%
 * rule and never reverts. `previous` is null for a row this report creates: with no earlier sample to measure
 * playback against, it credits nothing.
 */
export function applyReport(
  previous: ProgressState | null,
  lesson: Pick<LessonRow, 'durationSeconds'>,
  position: number,
  now: Date,
): ProgressState {
  const step = previous
    ? creditedStep(
        { position: previous.resumeSeconds, at: previous.updatedAt },
        { position, at: now },
        previous.paceSlackSeconds,
      )
    : null;
  const ranges = mergeRange(previous?.watchedRanges ?? [], step?.range ?? [0, 0], lesson.durationSeconds);
  const watchedSeconds = Math.max(previous?.watchedSeconds ?? 0, totalSeconds(ranges));
  const completed = (previous?.completed ?? false) || isHonestlyComplete(watchedSeconds, lesson.durationSeconds);
  return {
    resumeSeconds: position,
    watchedSeconds,
    watchedRanges: ranges,
    completed,
    completedAt: previous?.completedAt ?? (completed ? now : null),
    updatedAt: now,
    paceSlackSeconds: step?.slack ?? 0,
  };
}
