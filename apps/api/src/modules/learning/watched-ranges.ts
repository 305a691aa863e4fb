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
 * The seconds between two reports that count as watched: only a forward move that playback could have
 * made in the wall-clock time between the reports (at up to 2x speed), and no longer than one save
 * interval. Seeking ahead, or reporting the end without the time having passed, credits nothing.
 */
export function creditedRange(previous: PlayheadSample | null, current: PlayheadSample): Range | null {
  if (!previous) return null;
  const gap = current.position - previous.position;
  if (gap <= 0 || gap > MAX_CREDITED_GAP_SECONDS) return null;
  const elapsedSeconds = Math.max(0, (current.at.getTime() - previous.at.getTime()) / 1000);
  if (gap > elapsedSeconds * MAX_CREDITED_PLAYBACK_RATE + CREDIT_TOLERANCE_SECONDS) return null;
  return [previous.position, current.position];
}

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
