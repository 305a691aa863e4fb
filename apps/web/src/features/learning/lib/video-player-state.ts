import { clampVolume } from './playback-math';
import type { PlaybackRate } from './playback-rate';

export type PlayerStatus = 'loading' | 'ready' | 'playing' | 'paused' | 'buffering' | 'error';

/** What the custom player shows; every field follows from the media element's events. */
export interface VideoPlayerState {
  status: PlayerStatus;
  errorReason: string;
  time: number;
  duration: number;
  buffered: number;
  volume: number;
  muted: boolean;
  rate: PlaybackRate;
  fullscreen: boolean;
  pip: boolean;
}

/**
 * One action per media (or document) event, carrying what the hook read from the element, so the
 * reducer stays pure. `seek` is the player's own seek, shown at once instead of waiting for `seeked`;
 * `rate` is the learner's choice of speed.
 */
export type VideoPlayerEvent =
  | { type: 'loadstart' }
  | { type: 'durationchange'; duration: number }
  | { type: 'canplay' }
  | { type: 'playing' }
  | { type: 'pause' }
  | { type: 'waiting'; paused: boolean }
  | { type: 'seeked'; time: number }
  | { type: 'seek'; time: number }
  | { type: 'timeupdate'; time: number; buffered: number }
  | { type: 'progress'; buffered: number }
  | { type: 'volumechange'; volume: number; muted: boolean }
  | { type: 'rate'; rate: PlaybackRate }
  | { type: 'ended' }
  | { type: 'error'; reason: string }
  | { type: 'fullscreenchange'; fullscreen: boolean }
  | { type: 'pipchange'; pip: boolean };

export function initialPlayerState(startAt: number, rate: PlaybackRate): VideoPlayerState {
  return {
    status: 'loading',
    errorReason: '',
    time: startAt,
    duration: Number.NaN,
    buffered: 0,
    volume: 1,
    muted: false,
    rate,
    fullscreen: false,
    pip: false,
  };
}

/** Returns the same state object when nothing changed, so React skips the render. */
export function videoPlayerReducer(state: VideoPlayerState, event: VideoPlayerEvent): VideoPlayerState {
  const next = transition(state, event);
  for (const key of Object.keys(next) as Array<keyof VideoPlayerState>) {
    if (!Object.is(next[key], state[key])) return next;
  }
  return state;
}

function transition(state: VideoPlayerState, event: VideoPlayerEvent): VideoPlayerState {
  switch (event.type) {
    case 'loadstart':
      return { ...state, status: 'loading' };
    case 'durationchange':
      return { ...state, duration: event.duration };
    case 'canplay':
      // Only the first canplay readies the player; later ones (after buffering) leave the status alone.
      return state.status === 'loading' ? { ...state, status: 'ready' } : state;
    case 'playing':
      return { ...state, status: 'playing' };
    case 'pause':
      // A failed video stays failed: browsers may fire pause after error.
      return state.status === 'error' ? state : { ...state, status: 'paused' };
    case 'ended':
      return { ...state, status: 'paused' };
    case 'waiting':
      // A paused element waiting for data (a seek while paused) shows no spinner.
      return event.paused || state.status === 'error' ? state : { ...state, status: 'buffering' };
    case 'seeked':
    case 'seek':
      return { ...state, time: event.time };
    case 'timeupdate':
      return { ...state, time: event.time, buffered: event.buffered };
    case 'progress':
      return { ...state, buffered: event.buffered };
    case 'volumechange':
      return { ...state, volume: clampVolume(event.volume), muted: event.muted };
    case 'rate':
      return { ...state, rate: event.rate };
    case 'error':
      return { ...state, status: 'error', errorReason: event.reason };
    case 'fullscreenchange':
      return { ...state, fullscreen: event.fullscreen };
    case 'pipchange':
      return { ...state, pip: event.pip };
  }
}
