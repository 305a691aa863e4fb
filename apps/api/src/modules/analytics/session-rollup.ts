/**
 * How one video session's events become the figures of the console's drop-off chart (decision 026). Pure: the
 * job feeds each session's new events, in id order, to `applyEvent`, starting from the state the previous run
 * stored, so a session whose events arrive over several runs ends where it would have in one.
 *
 * - A session is a *viewer* once it has a play event.
 * - It *reaches* a position by playing to it: the position of each play, and of each pause or complete that
 *   follows a play (or a seek made while playing). A complete reaches 100%. A seek alone reaches nothing: it
 *   lands without watching.
 * - It *counts at x%* (x = 0, 5, … 100) when the furthest position it reached is at least x% of the lesson.
 * - It is *last seen* at the position of its latest event once a viewer (a complete: 100%, "finished").
 * - It *watched* the whole seconds of each span from where playback ran (a play, or a seek while playing) to the
 *   next pause or complete; a second watched again in the same session is a rewatch. A span cut short by a seek
 *   is not credited (a seek reports only where it landed, not where playback was).
 */

export type VideoEventType = 'play' | 'pause' | 'seek' | 'complete';

/** 5% steps of a lesson: 0 … 20. */
export const STEPS = 20;

export interface SessionState {
  viewer: boolean;
  /** The highest 5% step reached by playing (0–20); -1 before the first play. */
  reachBucket: number;
  /** The 5% step where the session was last seen (0–19; 20: finished); -1 before the first play. */
  lastBucket: number;
  /** Where playback runs from, or null when paused. */
  playingFrom: number | null;
  /** Merged [start, end) whole-second ranges watched. */
  watched: Array<[number, number]>;
}

export const newSession = (): SessionState => ({
  viewer: false,
  reachBucket: -1,
  lastBucket: -1,
  playingFrom: null,
  watched: [],
});

/**
 * Whole-second counts of one lesson's spans, as difference arrays (index = second, length = seconds + 1): a span
 * adds in O(ranges watched) rather than once per second; `secondTotals` turns them into counts.
 */
export interface SecondCounts {
  views: Int32Array;
  rewatches: Int32Array;
}

export const newSecondCounts = (durationSeconds: number): SecondCounts => ({
  views: new Int32Array(Math.ceil(durationSeconds) + 1),
  rewatches: new Int32Array(Math.ceil(durationSeconds) + 1),
});

/** The seconds with any count: [second, views, rewatches]. */
export function secondTotals(counts: SecondCounts): Array<[number, number, number]> {
  const totals: Array<[number, number, number]> = [];
  let views = 0;
  let rewatches = 0;
  for (let second = 0; second < counts.views.length - 1; second++) {
    views += counts.views[second] ?? 0;
    rewatches += counts.rewatches[second] ?? 0;
    if (views !== 0 || rewatches !== 0) totals.push([second, views, rewatches]);
  }
  return totals;
}

/** Positions are handled in hundredths of a second (the player rounds to those), so steps are exact integers. */
const hundredths = (seconds: number) => Math.max(0, Math.round(seconds * 100));

/** The 5% step a position has reached: floor(position / duration × 20), at most 20. */
export function reachStep(position: number, durationSeconds: number): number {
  if (durationSeconds <= 0) return STEPS;
  return Math.min(STEPS, Math.floor((hundredths(position) * STEPS) / (durationSeconds * 100)));
}

/** The 5% step a position lies in (0–19): the end of the lesson is in the last one. */
export const seenStep = (position: number, durationSeconds: number) =>
  Math.min(STEPS - 1, reachStep(position, durationSeconds));

/**
 * Applies one event to a session (mutating it), adding the seconds of a finished span to `seconds`. Returns
 * whether this event made the session a viewer (its first play).
 */
export function applyEvent(
  state: SessionState,
  type: VideoEventType,
  position: number,
  durationSeconds: number,
  seconds: SecondCounts,
): boolean {
  const wasViewer = state.viewer;
  switch (type) {
    case 'play':
      state.viewer = true;
      state.playingFrom = position;
      state.reachBucket = Math.max(state.reachBucket, reachStep(position, durationSeconds));
      state.lastBucket = seenStep(position, durationSeconds);
      break;
    case 'seek':
      if (!state.viewer) break;
      if (state.playingFrom !== null) state.playingFrom = position;
      state.lastBucket = seenStep(position, durationSeconds);
      break;
    case 'pause':
      if (!state.viewer) break;
      if (state.playingFrom !== null) {
        addSpan(state, state.playingFrom, position, durationSeconds, seconds);
        state.reachBucket = Math.max(state.reachBucket, reachStep(position, durationSeconds));
        state.playingFrom = null;
      }
      state.lastBucket = seenStep(position, durationSeconds);
      break;
    case 'complete':
      if (!state.viewer) break;
      if (state.playingFrom !== null) addSpan(state, state.playingFrom, durationSeconds, durationSeconds, seconds);
      state.playingFrom = null;
      state.reachBucket = STEPS;
      state.lastBucket = STEPS;
      break;
  }
  return !wasViewer && state.viewer;
}

/** Credits the whole seconds touched by [from, to): views the first time in this session, rewatches after. */
function addSpan(state: SessionState, from: number, to: number, durationSeconds: number, seconds: SecondCounts) {
  const start = Math.max(0, Math.floor(hundredths(from) / 100));
  const end = Math.min(Math.ceil(durationSeconds), Math.ceil(hundredths(to) / 100));
  if (end <= start) return;
  const { views, rewatches } = seconds;
  views[start] = (views[start] ?? 0) + 1;
  views[end] = (views[end] ?? 0) - 1;
  for (const [a, b] of state.watched) {
    const overlapStart = Math.max(a, start);
    const overlapEnd = Math.min(b, end);
    if (overlapEnd <= overlapStart) continue;
    views[overlapStart] = (views[overlapStart] ?? 0) - 1;
    views[overlapEnd] = (views[overlapEnd] ?? 0) + 1;
    rewatches[overlapStart] = (rewatches[overlapStart] ?? 0) + 1;
    rewatches[overlapEnd] = (rewatches[overlapEnd] ?? 0) - 1;
  }
  state.watched = merge(state.watched, [start, end]);
}

function merge(ranges: ReadonlyArray<[number, number]>, added: [number, number]): Array<[number, number]> {
  const all = [...ranges.map(([a, b]) => [a, b] as [number, number]), added].sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const range of all) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/** The IST calendar day (YYYY-MM-DD) of an instant. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
