import { describe, expect, it } from 'vitest';
import {
  initialPlayerState,
  type VideoPlayerEvent,
  type VideoPlayerState,
  videoPlayerReducer,
} from './video-player-state';

const run = (events: VideoPlayerEvent[], from: VideoPlayerState = initialPlayerState(0, 1)) =>
  events.reduce(videoPlayerReducer, from);

describe('videoPlayerReducer', () => {
  it('starts loading at the resume position, with the remembered speed', () => {
    expect(initialPlayerState(40, 1.5)).toMatchObject({
      status: 'loading',
      time: 40,
      rate: 1.5,
      volume: 1,
      muted: false,
      errorReason: '',
    });
    expect(initialPlayerState(0, 1).duration).toBeNaN();
  });

  it('goes loading → ready on the first canplay only', () => {
    const ready = run([{ type: 'durationchange', duration: 96 }, { type: 'canplay' }]);
    expect(ready).toMatchObject({ status: 'ready', duration: 96 });
    const playing = run([{ type: 'playing' }, { type: 'canplay' }], ready);
    expect(playing.status).toBe('playing');
  });

  it('plays, buffers and pauses', () => {
    const playing = run([{ type: 'canplay' }, { type: 'playing' }]);
    expect(playing.status).toBe('playing');
    expect(run([{ type: 'waiting', paused: false }], playing).status).toBe('buffering');
    expect(run([{ type: 'waiting', paused: false }, { type: 'playing' }], playing).status).toBe('playing');
    expect(run([{ type: 'pause' }], playing).status).toBe('paused');
  });

  it('shows no spinner when a paused element waits for data', () => {
    const paused = run([{ type: 'canplay' }, { type: 'pause' }]);
    expect(run([{ type: 'waiting', paused: true }], paused)).toBe(paused);
  });

  it('ends as paused', () => {
    const playing = run([{ type: 'canplay' }, { type: 'playing' }]);
    expect(run([{ type: 'ended' }], playing).status).toBe('paused');
  });

  it('keeps an error through pause and waiting, until a new load starts', () => {
    const failed = run([{ type: 'playing' }, { type: 'error', reason: 'The video could not be loaded.' }]);
    expect(failed).toMatchObject({ status: 'error', errorReason: 'The video could not be loaded.' });
    expect(run([{ type: 'pause' }, { type: 'waiting', paused: false }], failed).status).toBe('error');
    expect(run([{ type: 'loadstart' }], failed).status).toBe('loading');
    expect(run([{ type: 'loadstart' }, { type: 'canplay' }], failed).status).toBe('ready');
  });

  it('follows the position from seeks and time updates, and the buffered end from progress', () => {
    const start = initialPlayerState(0, 1);
    expect(run([{ type: 'seek', time: 30 }], start).time).toBe(30);
    expect(run([{ type: 'seeked', time: 70 }], start).time).toBe(70);
    expect(run([{ type: 'timeupdate', time: 12, buffered: 40 }], start)).toMatchObject({ time: 12, buffered: 40 });
    expect(run([{ type: 'progress', buffered: 55 }], start)).toMatchObject({ time: 0, buffered: 55 });
  });

  it('clamps the volume onto the 0.1 grid and follows mute', () => {
    const state = run([{ type: 'volumechange', volume: 0.7000000000000001, muted: true }]);
    expect(state).toMatchObject({ volume: 0.7, muted: true });
    expect(run([{ type: 'volumechange', volume: 1.4, muted: false }], state)).toMatchObject({
      volume: 1,
      muted: false,
    });
  });

  it('records the chosen speed, fullscreen and picture-in-picture', () => {
    const state = run([
      { type: 'rate', rate: 1.75 },
      { type: 'fullscreenchange', fullscreen: true },
      { type: 'pipchange', pip: true },
    ]);
    expect(state).toMatchObject({ rate: 1.75, fullscreen: true, pip: true });
    expect(run([{ type: 'fullscreenchange', fullscreen: false }], state).fullscreen).toBe(false);
  });

  it('returns the same state when an event changes nothing, so React skips the render', () => {
    const state = run([{ type: 'timeupdate', time: 12, buffered: 40 }]);
    expect(videoPlayerReducer(state, { type: 'timeupdate', time: 12, buffered: 40 })).toBe(state);
    expect(videoPlayerReducer(state, { type: 'durationchange', duration: Number.NaN })).toBe(state);
    expect(videoPlayerReducer(state, { type: 'seek', time: 13 })).not.toBe(state);
  });
});
