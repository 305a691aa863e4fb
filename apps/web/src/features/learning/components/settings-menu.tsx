import { PLAYBACK_RATES } from '@kaushal/contract';
import { Check, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId, useRef } from 'react';
import { t } from '@/lib/i18n/i18n';
import { type PlaybackRate, toPlaybackRate } from '../lib/playback-rate';
import { ControlButton } from './control-button';

export interface SettingsMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where the menu is drawn: the player in full screen, else the dialog holding it; null: the page. */
  container: HTMLElement | null;
  rate: PlaybackRate;
  captionsAvailable: boolean;
  captionsOn: boolean;
  pipSupported: boolean;
  pip: boolean;
  onRate(rate: PlaybackRate): void;
  onToggleCaptions(): void;
  onTogglePip(): void;
  onShowHelp(): void;
  className?: string;
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

const itemClass =
  'relative flex h-8 cursor-pointer items-center rounded-lg pr-3 pl-8 outline-none select-none data-[highlighted]:bg-surface-2 data-[highlighted]:text-fg';

/**
 * The player's secondary controls (speed, captions, picture in picture, keyboard shortcuts) as a menu, for a
 * player too narrow to show them in the bar: Radix's menu button (roles, arrow keys, Home/End, type-ahead,
 * Escape closing the menu only, focus back on the button).
 */
export function SettingsMenu(props: SettingsMenuProps) {
  const speedLabel = useId();
  const qualityLabel = useId();
  /** A choice that opens something of its own (the shortcuts dialog) runs once focus is back on the button. */
  const afterClose = useRef<(() => void) | null>(null);
  return (
    <DropdownMenu.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <ControlButton label={t('Settings')} className={props.className}>
          <Settings aria-hidden="true" />
        </ControlButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={props.container}>
        <DropdownMenu.Content
          side="top"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[70] max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded-xl border border-border bg-surface p-1 text-sm text-fg shadow-2xl"
          onCloseAutoFocus={() => {
            const run = afterClose.current;
            afterClose.current = null;
            // Radix focuses the button after this handler; the dialog opened here renders after that.
            run?.();
          }}
        >
          <DropdownMenu.Label id={speedLabel} className="px-3 pt-1.5 pb-1 text-xs font-semibold text-muted">
            {t('Playback speed')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={speedLabel}
            value={String(props.rate)}
            onValueChange={(value) => props.onRate(toPlaybackRate(value))}
          >
            {PLAYBACK_RATES.map((rate) => (
              <DropdownMenu.RadioItem key={rate} value={String(rate)} className={itemClass}>
                <DropdownMenu.ItemIndicator className="absolute left-2.5">
                  <Check className="size-4 text-accent" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
                {rate}x
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {props.qualities.length > 0 && (
            <>
              <DropdownMenu.Label id={qualityLabel} className="px-3 pt-1.5 pb-1 text-xs font-semibold text-muted">
                {t('Quality')}
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                aria-labelledby={qualityLabel}
                value={props.quality}
                onValueChange={props.onQuality}
              >
                {['auto', ...[...props.qualities].reverse()].map((value) => (
                  <DropdownMenu.RadioItem key={value} value={value} className={itemClass}>
                    <DropdownMenu.ItemIndicator className="absolute left-2.5">
                      <Check className="size-4 text-accent" aria-hidden="true" />
                    </DropdownMenu.ItemIndicator>
                    {value === 'auto' ? `Auto${props.activeQuality ? ` (${props.activeQuality})` : ''}` : value}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
              <DropdownMenu.CheckboxItem
                className={itemClass}
                checked={props.dataSaver}
                onCheckedChange={props.onToggleDataSaver}
              >
                <DropdownMenu.ItemIndicator className="absolute left-2.5">
                  <Check className="size-4 text-accent" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
                Data saver (360p at most)
              </DropdownMenu.CheckboxItem>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
            </>
          )}
          {props.captionsAvailable && (
            <DropdownMenu.CheckboxItem
              className={itemClass}
              checked={props.captionsOn}
              onCheckedChange={props.onToggleCaptions}
            >
              <DropdownMenu.ItemIndicator className="absolute left-2.5">
                <Check className="size-4 text-accent" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
              {t('Captions')}
            </DropdownMenu.CheckboxItem>
          )}
          {props.pipSupported && (
            <DropdownMenu.CheckboxItem className={itemClass} checked={props.pip} onCheckedChange={props.onTogglePip}>
              <DropdownMenu.ItemIndicator className="absolute left-2.5">
                <Check className="size-4 text-accent" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
              {t('Picture in picture')}
            </DropdownMenu.CheckboxItem>
          )}
          <DropdownMenu.Item
            className={itemClass}
            aria-haspopup="dialog"
            onSelect={() => {
              afterClose.current = props.onShowHelp;
            }}
          >
            {t('Keyboard shortcuts')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
