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
  Settings,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { t } from '@/lib/i18n/i18n';
import { formatTime } from '../lib/playback-math';
import { type PlaybackRate, toPlaybackRate } from '../lib/playback-rate';
import { ControlButton } from './control-button';

// The menu (Radix's menu and its positioning, about 17 KB on the wire) loads once the video's metadata is in (its
// first bytes have arrived), or when its button is pressed: earlier, on a slow link, it would share the link with
// the first segment (decision 039).
const SettingsMenu = lazy(() => import('./settings-menu').then((m) => ({ default: m.SettingsMenu })));

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
  settingsOpen: boolean;
  /**
   * Where the settings menu is drawn: the player in full screen (the only part of the page on screen then),
   * else the dialog holding the player (inside its landmark), else the page (null).
   */
  menuContainer: HTMLElement | null;
  onSettingsOpenChange(open: boolean): void;
  onTogglePlay(): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onRate(rate: PlaybackRate): void;
  onToggleCaptions(): void;
  onTogglePip(): void;
  onToggleFullscreen(): void;
  onShowHelp(): void;
  /** The HLS renditions offered (none: the original file plays, nothing to choose). */
  qualities: readonly string[];
  /** 'auto' or a rendition's label. */
  quality: string;
  /** What Auto plays now, shown beside it. */
  activeQuality: string | null;
  dataSaver: boolean;
  onQuality(quality: string): void;
  onToggleDataSaver(): void;
}

/**
 * The bottom bar: seek bar, then play, volume, time | speed, captions, picture-in-picture, help, full screen.
 * It reflows with the player's own width (container queries on the player, so full screen counts too): below
 * 36rem the secondary controls move into a settings menu and the volume slider goes (the mute button and the
 * arrow keys stay), so play, mute, time, settings and full screen fit a 320 px phone.
 */
export function PlayerControls(props: PlayerControlsProps) {
  const silent = props.muted || props.volume === 0;
  const VolumeIcon = silent ? VolumeX : props.volume < 0.5 ? Volume1 : Volume2;
  const [menuRequested, setMenuRequested] = useState(false);
  const menuWanted = menuRequested || props.settingsOpen || props.duration > 0;
  const menuClass = props.qualities.length > 0 ? undefined : '@xl:hidden';
  /** The menu's button while its code is not wanted yet or still arriving: pressing it asks for the menu. */
  const settingsPlaceholder = (request?: () => void) => (
    <ControlButton
      label={t('Settings')}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-disabled={request ? undefined : 'true'}
      className={menuClass}
      onClick={request}
    >
      <Settings aria-hidden="true" />
    </ControlButton>
  );
  return (
    // The gradient above the controls lets taps through to the video and the big play button.
    <fieldset
      aria-label={t('Video controls')}
      className="pointer-events-none min-w-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-1.5 pt-4 pb-0.5 text-white @md:px-3 @md:pt-8 @md:pb-2"
    >
      <div className="pointer-events-auto px-1.5 @md:px-0">{props.seekBar}</div>
      <div className="pointer-events-auto flex items-center gap-0.5 @md:mt-1 @md:gap-1">
        <ControlButton label={props.playing ? t('Pause') : t('Play')} onClick={props.onTogglePlay}>
          {props.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </ControlButton>
        <div className="flex items-center">
          <ControlButton label={silent ? t('Unmute') : t('Mute')} aria-pressed={silent} onClick={props.onToggleMute}>
            <VolumeIcon aria-hidden="true" />
          </ControlButton>
          <input
            type="range"
            aria-label={t('Volume')}
            min={0}
            max={1}
            step={0.1}
            value={props.muted ? 0 : props.volume}
            aria-valuetext={`${Math.round((props.muted ? 0 : props.volume) * 100)}%`}
            onChange={(e) => props.onVolume(Number(e.currentTarget.value))}
            className="hidden h-5 w-20 cursor-pointer accent-[#00CFFF] @2xl:block"
          />
        </div>
        <p className="ml-1 min-w-0 text-xs whitespace-nowrap tabular-nums @sm:text-sm @md:ml-2" aria-live="off">
          <span>{formatTime(props.time)}</span>
          <span className="text-white/70"> / {formatTime(props.duration)}</span>
        </p>
        <div className="ml-auto flex shrink-0 items-center gap-0.5 @md:gap-1">
          <div className="hidden items-center gap-1 @xl:flex">
            <select
              aria-label={t('Playback speed')}
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
            {props.captionsAvailable && (
              <ControlButton label={t('Captions')} aria-pressed={props.captionsOn} onClick={props.onToggleCaptions}>
                {props.captionsOn ? <Captions aria-hidden="true" /> : <CaptionsOff aria-hidden="true" />}
              </ControlButton>
            )}
            {props.pipSupported && (
              <ControlButton label={t('Picture in picture')} aria-pressed={props.pip} onClick={props.onTogglePip}>
                <PictureInPicture2 aria-hidden="true" />
              </ControlButton>
            )}
            <ControlButton label={t('Keyboard shortcuts')} aria-haspopup="dialog" onClick={props.onShowHelp}>
              <CircleHelp aria-hidden="true" />
            </ControlButton>
          </div>
          {!menuWanted ? (
            settingsPlaceholder(() => {
              setMenuRequested(true);
              props.onSettingsOpenChange(true);
            })
          ) : (
            <Suspense fallback={settingsPlaceholder()}>
              <SettingsMenu
                // With renditions to choose from, the menu (Quality, Data saver) stays at every width.
                className={menuClass}
                open={props.settingsOpen}
                onOpenChange={props.onSettingsOpenChange}
                container={props.menuContainer}
                rate={props.rate}
                captionsAvailable={props.captionsAvailable}
                captionsOn={props.captionsOn}
                pipSupported={props.pipSupported}
                pip={props.pip}
                onRate={props.onRate}
                onToggleCaptions={props.onToggleCaptions}
                onTogglePip={props.onTogglePip}
                onShowHelp={props.onShowHelp}
                qualities={props.qualities}
                quality={props.quality}
                activeQuality={props.activeQuality}
                dataSaver={props.dataSaver}
                onQuality={props.onQuality}
                onToggleDataSaver={props.onToggleDataSaver}
              />
            </Suspense>
          )}
          <ControlButton
            label={props.fullscreen ? t('Exit full screen') : t('Full screen')}
            aria-pressed={props.fullscreen}
            onClick={props.onToggleFullscreen}
          >
            {props.fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          </ControlButton>
        </div>
      </div>
    </fieldset>
  );
}
