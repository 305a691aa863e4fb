import type { HlsSession, LessonDetail } from '@kaushal/contract';
import { type RefObject, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { API_BASE, assetUrl } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { useCaptionText } from '../hooks/use-caption-text';
import { useHlsPlayback } from '../hooks/use-hls-playback';
import type { PlaybackReporter } from '../hooks/use-lesson-tracking';
import { useVideoPlayer } from '../hooks/use-video-player';
import { CONTROLS_IDLE_MS } from '../lib/constants';
import { loadDataSaver, saveDataSaver } from '../lib/data-saver';
import type { PlayerHandle } from '../lib/player-handle';
import type { Milestone } from '../lib/progress-tracker';
import { shortcutFor } from '../lib/shortcuts';
import { PlayerControls } from './player-controls';
import { BigPlayButton, PlayerError, PlayerSpinner } from './player-status';
import { SeekBar } from './seek-bar';
import { ShortcutsDialog } from './shortcuts-dialog';

export interface VideoPlayerProps {
  src: string;
  /** The lesson's HLS ladder for this video session, when transcoded (decision 034); `src` is the fallback. */
  hls?: HlsSession | null;
  lessonId: string;
  sessionId: string;
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
  /** Filled with this player's handle while it is on screen (the notes panel reads the time and seeks). */
  handleRef?: RefObject<PlayerHandle | null>;
}

/** The custom player for direct lessons: an HTML video with our own controls and keyboard shortcuts. */
export function VideoPlayer(props: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
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
  const [dataSaver, setDataSaver] = useState(() => loadDataSaver(props.learnerId));
  const stream = useHlsPlayback({
    videoRef,
    lessonId: props.lessonId,
    sessionId: props.sessionId,
    mp4Src: props.src,
    stream: props.hls,
    startAt: props.startAt,
    dataSaver,
    onFatal: player.fail,
  });
  const toggleDataSaver = useCallback(() => {
    setDataSaver((on) => {
      saveDataSaver(props.learnerId, !on);
      return !on;
    });
  }, [props.learnerId]);
  const playing = player.status === 'playing' || player.status === 'buffering';
  const { play, seekTo } = player;
  useImperativeHandle(
    props.handleRef,
    () => ({
      currentTime: () => videoRef.current?.currentTime ?? 0,
      isPlaying: () => {
        const v = videoRef.current;
        return Boolean(v && !v.paused && !v.ended);
      },
      play,
      pause: () => videoRef.current?.pause(),
      seekTo,
    }),
    [play, seekTo],
  );

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

  const caption = useCaptionText(videoRef, captionsOn);

  const shortcutsEnabled = props.shortcutsEnabled !== false && !helpOpen && !settingsOpen;
  const runAction = player.runAction;
  useEffect(() => {
    if (!shortcutsEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      // N belongs to the notes panel beside the video.
      if (!action || action === 'add-note') return;
      event.preventDefault();
      poke();
      if (action === 'toggle-help') setHelpOpen(true);
      else if (action === 'toggle-captions') setCaptionsOn((on) => (props.captions.length > 0 ? !on : on));
      else runAction(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shortcutsEnabled, runAction, poke, props.captions.length]);

  const showControls = active || !playing || helpOpen || settingsOpen;

  return (
    // Pointer and focus handlers only wake the controls; every control is a real button or input.
    <section
      ref={setContainerRef}
      aria-label={t('Video player')}
      data-status={player.status}
      data-engine={stream.engine ?? 'loading'}
      data-quality={stream.activeLabel ?? ''}
      className={cn(
        'group/player @container relative flex aspect-video w-full items-center justify-center overflow-hidden bg-black',
        player.fullscreen && 'aspect-auto h-full',
        !showControls && 'cursor-none',
      )}
      onPointerMove={poke}
      onFocus={poke}
    >
      <video
        ref={videoRef}
        src={stream.src}
        poster={stream.posterUrl}
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
        <PlayerSpinner label={player.status === 'loading' ? t('Loading video') : t('Buffering')} />
      )}
      {(player.status === 'ready' || player.status === 'paused') && <BigPlayButton onClick={player.togglePlay} />}
      {player.status === 'error' && <PlayerError reason={player.errorReason} onRetry={props.onRetry} />}

      <div
        className={cn(
          'group/bar pointer-events-none absolute inset-x-0 bottom-0 z-20',
          player.status === 'error' && 'hidden',
        )}
      >
        {caption && (
          // Drawn by the player (the track is 'hidden'), so it sits above the controls, and drops to the bottom
          // edge when they hide. Not a live region: it would read the whole lesson aloud.
          <div
            data-player-captions=""
            className={cn(
              'pointer-events-none absolute inset-x-0 flex justify-center px-[4%] pb-1.5 @md:pb-3',
              showControls ? 'bottom-full' : 'bottom-1 group-focus-within/bar:bottom-full',
            )}
          >
            <p
              lang={props.captions[0]?.lang}
              className="rounded-md bg-black/80 px-2 py-0.5 text-center text-[clamp(0.75rem,2.6cqw,1.5rem)] leading-snug whitespace-pre-line text-white"
            >
              {caption}
            </p>
          </div>
        )}
        <div
          className={cn(
            'transition-opacity duration-300',
            showControls ? 'opacity-100' : 'opacity-0 focus-within:opacity-100',
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
            settingsOpen={settingsOpen}
            menuContainer={player.fullscreen ? container : (container?.closest<HTMLElement>('[role="dialog"]') ?? null)}
            onSettingsOpenChange={setSettingsOpen}
            onToggleCaptions={() => setCaptionsOn((on) => !on)}
            onTogglePip={player.togglePip}
            onToggleFullscreen={player.toggleFullscreen}
            onShowHelp={() => setHelpOpen(true)}
            qualities={stream.qualities}
            quality={stream.quality}
            activeQuality={stream.activeLabel}
            dataSaver={dataSaver}
            onQuality={stream.setQuality}
            onToggleDataSaver={toggleDataSaver}
          />
        </div>
      </div>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} container={player.fullscreen ? container : null} />
    </section>
  );
}
