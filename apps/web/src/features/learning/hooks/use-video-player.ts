import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { describeMediaError } from '../lib/media-error';
import { bufferedEnd, clampTime, clampVolume, seekBy, stepVolume } from '../lib/playback-math';
import { loadPlaybackRate, type PlaybackRate, savePlaybackRate } from '../lib/playback-rate';
import type { PlayerAction } from '../lib/shortcuts';
import type { PlaybackReporter } from './use-lesson-tracking';

export type PlayerStatus = 'loading' | 'ready' | 'playing' | 'paused' | 'buffering' | 'error';

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
 * truth), and the commands the controls and shortcuts call.
 */
export function useVideoPlayer(options: VideoPlayerOptions) {
  const { videoRef, containerRef, startAt, learnerId } = options;
  const reporter = useRef(options.reporter);
  reporter.current = options.reporter;
  const onVideoError = useRef(options.onVideoError);
  onVideoError.current = options.onVideoError;

  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [errorReason, setErrorReason] = useState('');
  const [time, setTime] = useState(startAt);
  const [duration, setDuration] = useState(Number.NaN);
  const [buffered, setBuffered] = useState(0);
  const [volume, setVolumeState] = useState(1);
  const [muted, setMuted] = useState(false);
  const [rate, setRateState] = useState<PlaybackRate>(() => loadPlaybackRate(learnerId));
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  /** The resume seek is ours, not the learner's: it is not reported as a seek event. */
  const resumeSeek = useRef(false);

  const video = () => videoRef.current;

  useEffect(() => {
    const onFullscreenChange = () =>
      setFullscreen(Boolean(containerRef.current && document.fullscreenElement === containerRef.current));
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => document.removeEventListener('fullscreenchange', onFullscreenChange);
  }, [containerRef]);

  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const enter = () => setPip(true);
    const leave = () => setPip(false);
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
      setTime(v.currentTime);
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
      setRateState(next);
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

  /** Props for the <video> element: every state change comes from here. */
  const videoEvents = {
    onLoadStart: () => setStatus('loading'),
    onLoadedMetadata: () => {
      const v = video();
      if (!v) return;
      setDuration(v.duration);
      v.playbackRate = rate;
      if (startAt > 0 && (!Number.isFinite(v.duration) || startAt < v.duration - 1)) {
        resumeSeek.current = true;
        v.currentTime = startAt;
      }
      play();
    },
    onDurationChange: () => setDuration(video()?.duration ?? Number.NaN),
    onCanPlay: () => setStatus((s) => (s === 'loading' ? 'ready' : s)),
    onPlay: () => reporter.current.play(video()?.currentTime ?? 0),
    onPlaying: () => setStatus('playing'),
    onPause: () => {
      const v = video();
      if (!v) return;
      setStatus((s) => (s === 'error' ? s : 'paused'));
      // Browsers fire pause right before ended; the end is reported as complete instead.
      if (!v.ended) reporter.current.pause(v.currentTime);
    },
    onWaiting: () => setStatus((s) => (video()?.paused || s === 'error' ? s : 'buffering')),
    onSeeked: () => {
      const v = video();
      if (!v) return;
      if (resumeSeek.current) resumeSeek.current = false;
      else reporter.current.seek(v.currentTime);
      setTime(v.currentTime);
    },
    onTimeUpdate: () => {
      const v = video();
      if (!v) return;
      setTime(v.currentTime);
      setBuffered(bufferedEnd(v.buffered, v.currentTime));
      reporter.current.timeUpdate(v.currentTime, v.duration);
    },
    onProgress: () => {
      const v = video();
      if (v) setBuffered(bufferedEnd(v.buffered, v.currentTime));
    },
    onVolumeChange: () => {
      const v = video();
      if (!v) return;
      setVolumeState(clampVolume(v.volume));
      setMuted(v.muted);
    },
    onRateChange: () => {
      const v = video();
      if (v && v.playbackRate !== rate) v.playbackRate = rate;
    },
    onEnded: () => {
      const v = video();
      setStatus('paused');
      reporter.current.ended(v?.duration ?? Number.NaN);
    },
    onError: () => {
      const reason = describeMediaError(video()?.error ?? null);
      setStatus('error');
      setErrorReason(reason);
      onVideoError.current(reason);
    },
  };

  return {
    status,
    errorReason,
    time,
    duration,
    buffered,
    volume,
    muted,
    rate,
    fullscreen,
    pip,
    pipSupported,
    videoEvents,
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
