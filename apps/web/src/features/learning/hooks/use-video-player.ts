import { type RefObject, useCallback, useEffect, useReducer, useRef } from 'react';
import { describeMediaError } from '../lib/media-error';
import { bufferedEnd, clampTime, clampVolume, seekBy, stepVolume } from '../lib/playback-math';
import { loadPlaybackRate, type PlaybackRate, savePlaybackRate } from '../lib/playback-rate';
import type { PlayerAction } from '../lib/shortcuts';
import { initialPlayerState, videoPlayerReducer } from '../lib/video-player-state';
import type { PlaybackReporter } from './use-lesson-tracking';

export type { PlayerStatus } from '../lib/video-player-state';

export interface VideoPlayerOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  containerRef: RefObject<HTMLElement | null>;
  startAt: number;
  learnerId: string | undefined;
  reporter: PlaybackReporter;
  onVideoError(reason: string): void;
}

/**
 * The custom player's state, driven by the media element's own events (the element is the source of
 * truth) through `videoPlayerReducer`, and the commands the controls and shortcuts call.
 */
export function useVideoPlayer(options: VideoPlayerOptions) {
  const { videoRef, containerRef, startAt, learnerId } = options;
  const reporter = useRef(options.reporter);
  reporter.current = options.reporter;
  const onVideoError = useRef(options.onVideoError);
  onVideoError.current = options.onVideoError;

  const [state, dispatch] = useReducer(videoPlayerReducer, undefined, () =>
    initialPlayerState(startAt, loadPlaybackRate(learnerId)),
  );
  const { status, rate } = state;
  /** The resume seek is ours, not the learner's: it is not reported as a seek event. */
  const resumeSeek = useRef(false);

  const video = () => videoRef.current;

  useEffect(() => {
    const onFullscreenChange = () =>
      dispatch({
        type: 'fullscreenchange',
        fullscreen: Boolean(containerRef.current && document.fullscreenElement === containerRef.current),
      });
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => document.removeEventListener('fullscreenchange', onFullscreenChange);
  }, [containerRef]);

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const enter = () => dispatch({ type: 'pipchange', pip: true });
    const leave = () => dispatch({ type: 'pipchange', pip: false });
    v.addEventListener('enterpictureinpicture', enter);
    v.addEventListener('leavepictureinpicture', leave);
    return () => {
      v.removeEventListener('enterpictureinpicture', enter);
      v.removeEventListener('leavepictureinpicture', leave);
    };
  }, [videoRef]);

  const play = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    // Autoplay may be refused until the learner interacts: the player then stays ready, with its play button.
    const attempt = v.play();
    if (attempt && typeof attempt.catch === 'function') attempt.catch(() => {});
  }, [videoRef]);

  const togglePlay = useCallback(() => {
    const v = videoRef.current;
    if (!v || status === 'error') return;
    if (v.paused || v.ended) play();
    else v.pause();
  }, [videoRef, play, status]);

  const seekTo = useCallback(
    (seconds: number) => {
      const v = videoRef.current;
      if (!v) return;
      v.currentTime = clampTime(seconds, v.duration);
      dispatch({ type: 'seek', time: v.currentTime });
    },
    [videoRef],
  );

  const setVolume = useCallback(
    (value: number) => {
      const v = videoRef.current;
      if (!v) return;
      v.volume = clampVolume(value);
      if (v.volume > 0 && v.muted) v.muted = false;
    },
    [videoRef],
  );

  const toggleMute = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (v.muted || v.volume === 0) {
      v.muted = false;
      if (v.volume === 0) v.volume = 0.5;
    } else {
      v.muted = true;
    }
  }, [videoRef]);

  const setRate = useCallback(
    (next: PlaybackRate) => {
      const v = videoRef.current;
      if (v) v.playbackRate = next;
      dispatch({ type: 'rate', rate: next });
      savePlaybackRate(learnerId, next);
    },
    [videoRef, learnerId],
  );

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void container.requestFullscreen?.().catch(() => {});
  }, [containerRef]);

  const pipSupported =
    typeof document !== 'undefined' && 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled;
  const togglePip = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
    else void v.requestPictureInPicture?.().catch(() => {});
  }, [videoRef]);

  /** Runs a keyboard shortcut's action; captions and help belong to the component. */
  const runAction = useCallback(
    (action: PlayerAction) => {
      const v = videoRef.current;
      if (!v) return;
      switch (action) {
        case 'toggle-play':
          return togglePlay();
        case 'seek-back':
          return seekTo(seekBy(v.currentTime, -1, v.duration));
        case 'seek-forward':
          return seekTo(seekBy(v.currentTime, 1, v.duration));
        case 'volume-up':
          return setVolume(stepVolume(v.muted ? 0 : v.volume, 1));
        case 'volume-down':
          return setVolume(stepVolume(v.volume, -1));
        case 'toggle-mute':
          return toggleMute();
        case 'toggle-fullscreen':
          return toggleFullscreen();
        default:
          return;
      }
    },
    [videoRef, togglePlay, seekTo, setVolume, toggleMute, toggleFullscreen],
  );

  /** Props for the <video> element: each reads the element and dispatches the event to the reducer. */
  const videoEvents = {
    onLoadStart: () => dispatch({ type: 'loadstart' }),
    onLoadedMetadata: () => {
      const v = video();
      if (!v) return;
      dispatch({ type: 'durationchange', duration: v.duration });
      v.playbackRate = rate;
      if (startAt > 0 && (!Number.isFinite(v.duration) || startAt < v.duration - 1)) {
        resumeSeek.current = true;
        v.currentTime = startAt;
      }
      play();
    },
    onDurationChange: () => dispatch({ type: 'durationchange', duration: video()?.duration ?? Number.NaN }),
    onCanPlay: () => dispatch({ type: 'canplay' }),
    onPlay: () => reporter.current.play(video()?.currentTime ?? 0),
    onPlaying: () => dispatch({ type: 'playing' }),
    onPause: () => {
      const v = video();
      if (!v) return;
      dispatch({ type: 'pause' });
      // Browsers fire pause right before ended; the end is reported as complete instead.
      if (!v.ended) reporter.current.pause(v.currentTime);
    },
    onWaiting: () => dispatch({ type: 'waiting', paused: Boolean(video()?.paused) }),
    onSeeked: () => {
      const v = video();
      if (!v) return;
      if (resumeSeek.current) resumeSeek.current = false;
      else reporter.current.seek(v.currentTime);
      dispatch({ type: 'seeked', time: v.currentTime });
    },
    onTimeUpdate: () => {
      const v = video();
      if (!v) return;
      dispatch({ type: 'timeupdate', time: v.currentTime, buffered: bufferedEnd(v.buffered, v.currentTime) });
      reporter.current.timeUpdate(v.currentTime, v.duration);
    },
    onProgress: () => {
      const v = video();
      if (v) dispatch({ type: 'progress', buffered: bufferedEnd(v.buffered, v.currentTime) });
    },
    onVolumeChange: () => {
      const v = video();
      if (!v) return;
      dispatch({ type: 'volumechange', volume: v.volume, muted: v.muted });
    },
    onRateChange: () => {
      const v = video();
      if (v && v.playbackRate !== rate) v.playbackRate = rate;
    },
    onEnded: () => {
      const v = video();
      dispatch({ type: 'ended' });
      reporter.current.ended(v?.duration ?? Number.NaN);
    },
    onError: () => {
      const reason = describeMediaError(video()?.error ?? null);
      dispatch({ type: 'error', reason });
      onVideoError.current(reason);
    },
  };

  /** A failure reported by the HLS engine rather than the element: shown like the element's own errors. */
  const fail = useCallback((reason: string) => {
    dispatch({ type: 'error', reason });
    onVideoError.current(reason);
  }, []);

  return {
    ...state,
    fail,
    pipSupported,
    videoEvents,
    play,
    togglePlay,
    seekTo,
    setVolume,
    toggleMute,
    setRate,
    toggleFullscreen,
    togglePip,
    runAction,
  };
}
