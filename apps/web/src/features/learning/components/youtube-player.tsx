import { type RefObject, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { t } from '@/lib/i18n/i18n';
import type { PlaybackReporter } from '../hooks/use-lesson-tracking';
import { YOUTUBE_ANSWER_TIMEOUT_MS, YOUTUBE_LOAD_TIMEOUT_MS } from '../lib/constants';
import type { PlayerHandle } from '../lib/player-handle';
import {
  commandMessage,
  describeYouTubeError,
  listeningMessage,
  parseYouTubeMessage,
  YOUTUBE_ORIGINS,
  YOUTUBE_UNREACHABLE,
  YT_STATE,
  youtubeEmbedUrl,
} from '../lib/youtube-bridge';
import { PlayerError, PlayerSpinner } from './player-status';

export interface YouTubePlayerProps {
  src: string;
  title: string;
  startAt: number;
  reporter: PlaybackReporter;
  /** The embed failed (unreachable, or YouTube reported an error): the stage shows the 'Video Error' message. */
  onVideoError(reason: string): void;
  /** Filled with a handle on the embed while it is on screen (the notes panel reads the time and seeks). */
  handleRef?: RefObject<PlayerHandle | null>;
}

/**
 * YouTube lessons play in YouTube's embedded player. Its postMessage updates (time, duration, state) feed the
 * same progress and event reporting as the custom player. Retry after a failure loads a fresh frame.
 */
export function YouTubePlayer(props: YouTubePlayerProps) {
  const [attempt, setAttempt] = useState(0);
  return <YouTubeFrame key={attempt} {...props} onRetry={() => setAttempt((a) => a + 1)} />;
}

/** loading: the frame is on its way; loaded: its page is in; ready: YouTube's player answered; error. */
type Phase = 'loading' | 'loaded' | 'ready' | 'error';

/**
 * One attempt at the embed. A frame that cannot reach YouTube still fires `load` (with the browser's own error
 * page inside, which this page cannot read), so success is YouTube's player answering our handshake: silence
 * for a while after the load, or no load at all, is a failure, and so is an error YouTube reports. A failure
 * replaces the frame with the player's own error and Retry.
 */
function YouTubeFrame({
  src,
  title,
  startAt,
  reporter,
  onVideoError,
  onRetry,
  handleRef,
}: YouTubePlayerProps & { onRetry(): void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [reason, setReason] = useState('');
  const current = useRef<Phase>('loading');
  const report = useRef(reporter);
  report.current = reporter;
  const reportError = useRef(onVideoError);
  reportError.current = onVideoError;
  const embed = youtubeEmbedUrl(src, { start: startAt, origin: window.location.origin });
  /** The embed's last reported position and state, for the handle. */
  const position = useRef(startAt);
  const playerState = useRef<number>(YT_STATE.unstarted);

  useImperativeHandle(handleRef, () => {
    const send = (command: Parameters<typeof commandMessage>[1]) =>
      frame.current?.contentWindow?.postMessage(commandMessage('lesson-player', command), new URL(embed).origin);
    return {
      currentTime: () => position.current,
      isPlaying: () => playerState.current === YT_STATE.playing || playerState.current === YT_STATE.buffering,
      play: () => send({ func: 'playVideo' }),
      pause: () => send({ func: 'pauseVideo' }),
      seekTo: (seconds) => {
        position.current = Math.max(0, seconds);
        send({ func: 'seekTo', seconds: position.current });
      },
    };
  }, [embed]);

  const go = useCallback((next: Phase) => {
    current.current = next;
    setPhase(next);
  }, []);
  const fail = useCallback(
    (why: string) => {
      if (current.current === 'error') return;
      go('error');
      setReason(why);
      reportError.current(why);
    },
    [go],
  );

  useEffect(() => {
    let state: number = YT_STATE.unstarted;
    let time = startAt;
    let duration = Number.NaN;
    let listening: ReturnType<typeof setInterval> | null = null;
    const stopListening = () => {
      if (listening) clearInterval(listening);
      listening = null;
    };
    const stalled = setTimeout(() => {
      if (current.current === 'ready') return;
      stopListening();
      fail(YOUTUBE_UNREACHABLE);
    }, YOUTUBE_LOAD_TIMEOUT_MS);

    const onMessage = (event: MessageEvent) => {
      if (!YOUTUBE_ORIGINS.has(event.origin) || event.source !== frame.current?.contentWindow) return;
      // Any message from YouTube's frame means its player runs.
      stopListening();
      if (current.current === 'loading' || current.current === 'loaded') go('ready');
      const update = parseYouTubeMessage(event.data);
      if (!update) return;
      if (update.error !== undefined) {
        fail(describeYouTubeError(update.error));
        return;
      }
      if (update.duration !== undefined) duration = update.duration;
      if (update.currentTime !== undefined) {
        // A jump larger than playback between two updates (about 4 per second) is a seek.
        if (Math.abs(update.currentTime - time) > 3) report.current.seek(update.currentTime);
        time = update.currentTime;
        position.current = time;
        report.current.timeUpdate(time, duration);
      }
      if (update.state !== undefined && update.state !== state) {
        const previous = state;
        state = update.state;
        playerState.current = state;
        if (state === YT_STATE.playing) report.current.play(time);
        else if (state === YT_STATE.paused && previous === YT_STATE.playing) report.current.pause(time);
        else if (state === YT_STATE.ended) report.current.ended(duration);
      }
    };
    window.addEventListener('message', onMessage);
    // Like YouTube's own API: keep asking the frame to talk to us until it answers.
    const target = new URL(embed).origin;
    const hello = () => frame.current?.contentWindow?.postMessage(listeningMessage('lesson-player'), target);
    listening = setInterval(hello, 250);
    return () => {
      window.removeEventListener('message', onMessage);
      stopListening();
      clearTimeout(stalled);
    };
  }, [startAt, embed, go, fail]);

  // Loaded but silent: YouTube's player is not in the frame (the browser's error page, or a network's block page).
  useEffect(() => {
    if (phase !== 'loaded') return;
    const silent = setTimeout(() => fail(YOUTUBE_UNREACHABLE), YOUTUBE_ANSWER_TIMEOUT_MS);
    return () => clearTimeout(silent);
  }, [phase, fail]);

  return (
    <div className="relative aspect-video w-full bg-black" data-youtube-status={phase}>
      {phase === 'error' ? (
        <PlayerError reason={reason} onRetry={onRetry} />
      ) : (
        <>
          {phase === 'loading' && <PlayerSpinner label={t('Loading video')} />}
          <iframe
            ref={frame}
            src={embed}
            title={title}
            className="absolute inset-0 h-full w-full border-0"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={() => {
              if (navigator.onLine === false) fail(YOUTUBE_UNREACHABLE);
              else if (current.current === 'loading') go('loaded');
            }}
          />
        </>
      )}
    </div>
  );
}
