import { COMPLETION_WATCHED_RATIO, MAX_CREDITED_PLAYBACK_RATE, PROGRESS_SAVE_EVERY_SECONDS } from '@kaushal/contract';

/** A half-open range [start, end) of lesson seconds. */
export type Range = [number, number];

/** Where the learner's playhead was last seen, and when (server time). */
export interface PlayheadSample {
  position: number;
  at: Date;
}

/** Rounding of whole-second positions and network jitter between two reports. */
export const CREDIT_TOLERANCE_SECONDS = 3;
/**
 * Consecutive reports of continuous playback are at most one save interval apart (the player saves at
 * every multiple of 10 s); a longer forward jump is a seek, and the skipped seconds are not credited.
 */
export const MAX_CREDITED_GAP_SECONDS = PROGRESS_SAVE_EVERY_SECONDS + CREDIT_TOLERANCE_SECONDS;

/**
 * Pace the learner was allowed but did not use, carried from one report to the next: at most one save interval of
 * lesson seconds. A report that reaches the server late (a slow phone, a busy network or server) leaves the next
 * one a shorter wall-clock interval than the playback between them took; the carried pace absorbs that jitter,
 * while over any run of reports the credit still cannot outpace 2x speed by more than this much (besides
 * each report's tolerance, as before).
 */
export const PACE_SLACK_CAP_SECONDS = PROGRESS_SAVE_EVERY_SECONDS;

/** What one report credits, and the unused pace it passes to the next report. */
export interface CreditStep {
  range: Range | null;
  /** Lesson seconds of unused pace carried to the next report, 0 to PACE_SLACK_CAP_SECONDS. */
  slack: number;
}

/**
 * The seconds between two reports that count as watched: only a forward move that playback could have made in
 * the wall-clock time between the reports at up to 2x speed (plus the pace the previous reports left unused,
 * `carried`), and no longer than one save interval. Seeking ahead, or reporting the end without the time having
 * passed, credits nothing and ends the run: the next report starts with no carried pace.
 */
export function creditedStep(previous: PlayheadSample | null, current: PlayheadSample, carried = 0): CreditStep {
  if (!previous) return { range: null, slack: 0 };
  const gap = current.position - previous.position;
  const elapsedSeconds = Math.max(0, (current.at.getTime() - previous.at.getTime()) / 1000);
  const allowance = clampSlack(carried) + elapsedSeconds * MAX_CREDITED_PLAYBACK_RATE;
  // Standing still (a milestone saved at the same second) keeps the pace; moving back starts afresh.
  if (gap === 0) return { range: null, slack: clampSlack(allowance) };
  if (gap < 0 || gap > MAX_CREDITED_GAP_SECONDS || gap > allowance + CREDIT_TOLERANCE_SECONDS) {
    return { range: null, slack: 0 };
  }
  return { range: [previous.position, current.position], slack: clampSlack(allowance - gap) };
}

/** The range `creditedStep` credits with no pace carried. */
export const creditedRange = (previous: PlayheadSample | null, current: PlayheadSample): Range | null =>
  creditedStep(previous, current).range;

const clampSlack = (seconds: number) =>
  Number.isFinite(seconds) ? Math.min(PACE_SLACK_CAP_SECONDS, Math.max(0, seconds)) : 0;

/** Sorted, non-overlapping ranges with `added` merged in (touching ranges join), clipped to [0, duration). */
export function mergeRange(ranges: readonly Range[], added: Range, durationSeconds: number): Range[] {
  const start = Math.max(0, Math.min(added[0], durationSeconds));
  const end = Math.max(start, Math.min(added[1], durationSeconds));
  const all = [...sanitize(ranges, durationSeconds)];
  if (end > start) all.push([start, end]);
  all.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const range of all) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Drops malformed entries of stored ranges (the column is JSON) instead of failing on them. */
function sanitize(ranges: readonly unknown[], durationSeconds: number): Range[] {
  const clean: Range[] = [];
  for (const r of ranges) {
    if (!Array.isArray(r) || r.length !== 2) continue;
    const [a, b] = r as [unknown, unknown];
    if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) continue;
    const start = Math.max(0, Math.min(a, durationSeconds));
    const end = Math.min(b, durationSeconds);
    if (end > start) clean.push([start, end]);
  }
  return clean;
}

/** Distinct seconds covered by merged ranges. */
export const totalSeconds = (ranges: readonly Range[]) =>
  Math.round(ranges.reduce((sum, [start, end]) => sum + (end - start), 0));

/** Completed when at least 90% of the lesson's seconds were watched. */
export const isHonestlyComplete = (watchedSeconds: number, durationSeconds: number) =>
  durationSeconds > 0 && watchedSeconds >= durationSeconds * COMPLETION_WATCHED_RATIO;
