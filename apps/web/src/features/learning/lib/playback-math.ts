import { SEEK_STEP_SECONDS, VOLUME_STEP } from './constants';

/** Volume clamped to [0, 1] and kept on the 0.1 grid, so ten steps up from 0 land exactly on 1. */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.round(Math.min(1, Math.max(0, volume)) * 10) / 10;
}

export const stepVolume = (volume: number, direction: 1 | -1) => clampVolume(volume + direction * VOLUME_STEP);

/** A position clamped to the video: [0, duration] (just [0, ∞) while the duration is unknown). */
export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds)) return 0;
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(upper, Math.max(0, seconds));
}

export const seekBy = (current: number, direction: 1 | -1, duration: number) =>
  clampTime(current + direction * SEEK_STEP_SECONDS, duration);

/** '1:05', '12:30', '1:02:03'. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** How far the browser has buffered ahead of `position`: the end of the buffered range that contains it. */
export function bufferedEnd(buffered: Pick<TimeRanges, 'length' | 'start' | 'end'>, position: number): number {
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= position + 0.5 && position <= buffered.end(i)) return buffered.end(i);
  }
  return position;
}
