import { useEffect, useRef, useState } from 'react';
import type { PlaybackReporter } from '../hooks/use-lesson-tracking';
import {
  listeningMessage,
  parseYouTubeMessage,
  YOUTUBE_ORIGINS,
  YT_STATE,
  youtubeEmbedUrl,
} from '../lib/youtube-bridge';
import { PlayerSpinner } from './player-status';

export interface YouTubePlayerProps {
  src: string;
  title: string;
  startAt: number;
  reporter: PlaybackReporter;
}

/**
 * YouTube lessons play in YouTube's embedded player. Its postMessage updates (time, duration, state) feed the
 * same progress and event reporting as the custom player.
 */
export function YouTubePlayer({ src, title, startAt, reporter }: YouTubePlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const report = useRef(reporter);
  report.current = reporter;
  const embed = youtubeEmbedUrl(src, { start: startAt, origin: window.location.origin });

  useEffect(() => {
    let state: number = YT_STATE.unstarted;
    let time = startAt;
    let duration = Number.NaN;
    let listening: ReturnType<typeof setInterval> | null = null;

    const onMessage = (event: MessageEvent) => {
      if (!YOUTUBE_ORIGINS.has(event.origin) || event.source !== frame.current?.contentWindow) return;
      const update = parseYouTubeMessage(event.data);
      if (!update) return;
      if (listening) {
        clearInterval(listening);
        listening = null;
      }
      if (update.duration !== undefined) duration = update.duration;
      if (update.currentTime !== undefined) {
        // A jump larger than playback between two updates (about 4 per second) is a seek.
        if (Math.abs(update.currentTime - time) > 3) report.current.seek(update.currentTime);
        time = update.currentTime;
        report.current.timeUpdate(time, duration);
      }
      if (update.state !== undefined && update.state !== state) {
        const previous = state;
        state = update.state;
        if (state === YT_STATE.playing) report.current.play(time);
        else if (state === YT_STATE.paused && previous === YT_STATE.playing) report.current.pause(time);
        else if (state === YT_STATE.ended) report.current.ended(duration);
      }
    };
    window.addEventListener('message', onMessage);
    // Like YouTube's own API: keep asking the frame to talk to us until it answers.
    const iframe = frame.current;
    const target = new URL(embed).origin;
    const hello = () => iframe?.contentWindow?.postMessage(listeningMessage('lesson-player'), target);
    listening = setInterval(hello, 250);
    return () => {
      window.removeEventListener('message', onMessage);
      if (listening) clearInterval(listening);
    };
  }, [startAt, embed]);

  return (
    <div className="relative aspect-video w-full bg-black">
      {!loaded && <PlayerSpinner label="Loading video" />}
      <iframe
        ref={frame}
        src={embed}
        title={title}
        className="absolute inset-0 h-full w-full border-0"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
