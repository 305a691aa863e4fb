import type { LessonDetail } from '@kaushal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE, assetUrl } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { PlaybackReporter } from '../hooks/use-lesson-tracking';
import { useVideoPlayer } from '../hooks/use-video-player';
import { CONTROLS_IDLE_MS } from '../lib/constants';
import type { Milestone } from '../lib/progress-tracker';
import { shortcutFor } from '../lib/shortcuts';
import { PlayerControls } from './player-controls';
import { BigPlayButton, PlayerError, PlayerSpinner } from './player-status';
import { SeekBar } from './seek-bar';
import { ShortcutsDialog } from './shortcuts-dialog';

export interface VideoPlayerProps {
  src: string;
  title: string;
  captions: LessonDetail['captions'];
  startAt: number;
  learnerId: string | undefined;
  milestones: ReadonlySet<Milestone>;
  reporter: PlaybackReporter;
  /** A media error: the dialog shows the 'Video Error' message. */
  onVideoError(reason: string): void;
  /** Asks for a fresh signed URL (the old one may have expired). */
  onRetry(): void;
  /** Off while something else (the completion popup) sits over the player. */
  shortcutsEnabled?: boolean;
}

/** The custom player for direct lessons: an HTML video with our own controls and keyboard shortcuts. */
export function VideoPlayer(props: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [active, setActive] = useState(true);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const setContainerRef = useCallback((el: HTMLElement | null) => {
    containerRef.current = el;
    setContainer(el);
  }, []);

  const player = useVideoPlayer({
    videoRef,
    containerRef,
    startAt: props.startAt,
    learnerId: props.learnerId,
    reporter: props.reporter,
    onVideoError: props.onVideoError,
  });
  const playing = player.status === 'playing' || player.status === 'buffering';

  /** Shows the controls and hides them again after a while of no activity. */
  const poke = useCallback(() => {
    setActive(true);
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(() => setActive(false), CONTROLS_IDLE_MS);
  }, []);
  useEffect(
    () => () => {
      if (idle.current) clearTimeout(idle.current);
    },
    [],
  );

  // Captions: show the first track when on. Tracks load lazily, so re-apply once the browser adds them.
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    const apply = () => {
      for (let i = 0; i < tracks.length; i++) {
        const track = tracks[i];
        if (track) track.mode = captionsOn && i === 0 ? 'showing' : 'disabled';
      }
    };
    apply();
    tracks.addEventListener?.('addtrack', apply);
    return () => tracks.removeEventListener?.('addtrack', apply);
  }, [captionsOn]);

  const shortcutsEnabled = props.shortcutsEnabled !== false && !helpOpen;
  const runAction = player.runAction;
  useEffect(() => {
    if (!shortcutsEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      poke();
      if (action === 'toggle-help') setHelpOpen(true);
      else if (action === 'toggle-captions') setCaptionsOn((on) => (props.captions.length > 0 ? !on : on));
      else runAction(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shortcutsEnabled, runAction, poke, props.captions.length]);

  const showControls = active || !playing || helpOpen;

  return (
    // Pointer and focus handlers only wake the controls; every control is a real button or input.
    <section
      ref={setContainerRef}
      aria-label="Video player"
      data-status={player.status}
      className={cn(
        'group/player relative flex aspect-video w-full items-center justify-center overflow-hidden bg-black',
        player.fullscreen && 'aspect-auto h-full',
        !showControls && 'cursor-none',
      )}
      onPointerMove={poke}
      onFocus={poke}
    >
      <video
        ref={videoRef}
        src={assetUrl(props.src)}
        preload="auto"
        playsInline
        crossOrigin={API_BASE ? 'anonymous' : undefined}
        className="h-full w-full object-contain"
        aria-label={props.title}
        onClick={player.togglePlay}
        onDoubleClick={player.toggleFullscreen}
        {...player.videoEvents}
      >
        {props.captions.map((c) => (
          <track key={c.url} kind="captions" src={assetUrl(c.url)} srcLang={c.lang} label={c.label} />
        ))}
      </video>

      {(player.status === 'loading' || player.status === 'buffering') && (
        <PlayerSpinner label={player.status === 'loading' ? 'Loading video' : 'Buffering'} />
      )}
      {(player.status === 'ready' || player.status === 'paused') && <BigPlayButton onClick={player.togglePlay} />}
      {player.status === 'error' && <PlayerError reason={player.errorReason} onRetry={props.onRetry} />}

      <div
        className={cn(
          'absolute inset-x-0 bottom-0 z-20 transition-opacity duration-300',
          showControls ? 'opacity-100' : 'opacity-0 focus-within:opacity-100',
          player.status === 'error' && 'hidden',
        )}
      >
        <PlayerControls
          playing={playing}
          time={player.time}
          duration={player.duration}
          volume={player.volume}
          muted={player.muted}
          rate={player.rate}
          fullscreen={player.fullscreen}
          captionsAvailable={props.captions.length > 0}
          captionsOn={captionsOn}
          pipSupported={player.pipSupported}
          pip={player.pip}
          seekBar={
            <SeekBar
              time={player.time}
              duration={player.duration}
              buffered={player.buffered}
              milestones={props.milestones}
              onSeek={player.seekTo}
            />
          }
          onTogglePlay={player.togglePlay}
          onVolume={player.setVolume}
          onToggleMute={player.toggleMute}
          onRate={player.setRate}
          onToggleCaptions={() => setCaptionsOn((on) => !on)}
          onTogglePip={player.togglePip}
          onToggleFullscreen={player.toggleFullscreen}
          onShowHelp={() => setHelpOpen(true)}
        />
      </div>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} container={player.fullscreen ? container : null} />
    </section>
  );
}
