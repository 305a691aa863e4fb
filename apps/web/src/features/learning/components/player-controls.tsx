import { PLAYBACK_RATES } from '@kaushal/contract';
import {
  Captions,
  CaptionsOff,
  CircleHelp,
  Maximize,
  Minimize,
  Pause,
  PictureInPicture2,
  Play,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatTime } from '../lib/playback-math';
import { type PlaybackRate, toPlaybackRate } from '../lib/playback-rate';

export function ControlButton({ label, className, children, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50 [&_svg]:size-5',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}

export interface PlayerControlsProps {
  playing: boolean;
  time: number;
  duration: number;
  volume: number;
  muted: boolean;
  rate: PlaybackRate;
  fullscreen: boolean;
  captionsAvailable: boolean;
  captionsOn: boolean;
  pipSupported: boolean;
  pip: boolean;
  seekBar: ReactNode;
  onTogglePlay(): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onRate(rate: PlaybackRate): void;
  onToggleCaptions(): void;
  onTogglePip(): void;
  onToggleFullscreen(): void;
  onShowHelp(): void;
}

/** The bottom bar: seek bar, then play, volume, time | speed, captions, picture-in-picture, help, full screen. */
export function PlayerControls(props: PlayerControlsProps) {
  const silent = props.muted || props.volume === 0;
  const VolumeIcon = silent ? VolumeX : props.volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="space-y-1 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-3 pt-8 pb-2 text-white">
      {props.seekBar}
      <div className="flex items-center gap-1">
        <ControlButton label={props.playing ? 'Pause' : 'Play'} onClick={props.onTogglePlay}>
          {props.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </ControlButton>
        <div className="group/volume flex items-center">
          <ControlButton label={silent ? 'Unmute' : 'Mute'} aria-pressed={silent} onClick={props.onToggleMute}>
            <VolumeIcon aria-hidden="true" />
          </ControlButton>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.1}
            value={props.muted ? 0 : props.volume}
            aria-valuetext={`${Math.round((props.muted ? 0 : props.volume) * 100)}%`}
            onChange={(e) => props.onVolume(Number(e.currentTarget.value))}
            className="hidden h-5 w-20 cursor-pointer accent-[#00CFFF] sm:block"
          />
        </div>
        <p className="ml-2 text-sm whitespace-nowrap tabular-nums" aria-live="off">
          <span>{formatTime(props.time)}</span>
          <span className="text-white/70"> / {formatTime(props.duration)}</span>
        </p>
        <div className="ml-auto flex items-center gap-1">
          <label className="flex items-center">
            <span className="sr-only">Playback speed</span>
            <select
              value={String(props.rate)}
              onChange={(e) => props.onRate(toPlaybackRate(e.currentTarget.value))}
              className="h-9 cursor-pointer rounded-lg border border-white/25 bg-black/60 px-2 text-sm text-white focus-visible:outline-2 focus-visible:outline-accent"
            >
              {PLAYBACK_RATES.map((r) => (
                <option key={r} value={String(r)}>
                  {r}x
                </option>
              ))}
            </select>
          </label>
          {props.captionsAvailable && (
            <ControlButton label="Captions" aria-pressed={props.captionsOn} onClick={props.onToggleCaptions}>
              {props.captionsOn ? <Captions aria-hidden="true" /> : <CaptionsOff aria-hidden="true" />}
            </ControlButton>
          )}
          {props.pipSupported && (
            <ControlButton label="Picture in picture" aria-pressed={props.pip} onClick={props.onTogglePip}>
              <PictureInPicture2 aria-hidden="true" />
            </ControlButton>
          )}
          <ControlButton label="Keyboard shortcuts" aria-haspopup="dialog" onClick={props.onShowHelp}>
            <CircleHelp aria-hidden="true" />
          </ControlButton>
          <ControlButton
            label={props.fullscreen ? 'Exit full screen' : 'Full screen'}
            aria-pressed={props.fullscreen}
            onClick={props.onToggleFullscreen}
          >
            {props.fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          </ControlButton>
        </div>
      </div>
    </div>
  );
}
