import { PLAYBACK_RATES } from '@kaushal/contract';

export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

const key = (learnerId: string) => `kaushal.playbackRate.${learnerId}`;

/** The nearest offered speed (0.5x to 2x); 1 for anything unreadable. */
export function toPlaybackRate(value: unknown): PlaybackRate {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 1;
  return PLAYBACK_RATES.reduce(
    (best, rate) => (Math.abs(rate - n) < Math.abs(best - n) ? rate : best),
    1 as PlaybackRate,
  );
}

/** The speed this learner last chose, on this device (a server setting can take over later). */
export function loadPlaybackRate(learnerId: string | undefined): PlaybackRate {
  if (!learnerId) return 1;
  try {
    const stored = localStorage.getItem(key(learnerId));
    return stored === null ? 1 : toPlaybackRate(stored);
  } catch {
    return 1;
  }
}

export function savePlaybackRate(learnerId: string | undefined, rate: PlaybackRate) {
  if (!learnerId) return;
  try {
    localStorage.setItem(key(learnerId), String(rate));
  } catch {
    // Storage blocked (private mode): the speed applies to this lesson only.
  }
}
