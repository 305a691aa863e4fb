import { COMPLETION_WATCHED_RATIO, MAX_CREDITED_PLAYBACK_RATE } from '@kaushal/contract';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { SHORTCUTS } from '../lib/shortcuts';

/** The rule the server applies (docs/decisions/002), in the learner's words. */
export const completionRule = () =>
  t(
    'A lesson counts as completed once you have watched at least {percent}% of it. Only time you actually play counts: skipping ahead or jumping to the end does not, speeds up to {rate}x count in full, and parts you watch again, or in two tabs at once, count once. Your place in the lesson is saved as you watch, so you can pick up where you left off on any device.',
    { percent: Math.round(COMPLETION_WATCHED_RATIO * 100), rate: MAX_CREDITED_PLAYBACK_RATE },
  );

export interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** In full screen, the player element (only its content is visible then); otherwise null: the viewport. */
  container: HTMLElement | null;
}

/** The '?' overlay: keyboard shortcuts, and how completion is counted. */
export function ShortcutsDialog({ open, onOpenChange, container }: ShortcutsDialogProps) {
  // Radix gives focus back only to a Dialog.Trigger; this one opens from '?', the help button or the menu.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={cn('inset-0 z-[60] bg-black/70', container ? 'absolute' : 'fixed')} />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className={cn(
            'top-1/2 left-1/2 z-[60]',
            container ? 'absolute' : 'fixed',
            'max-h-[calc(100%-1rem)] w-[min(32rem,calc(100%-1rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-5 text-fg shadow-2xl',
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{t('Keyboard shortcuts')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('Close shortcuts')}
              className="rounded-lg p-1.5 text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {t('Keys that control the video, and how lesson completion is counted.')}
          </Dialog.Description>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {SHORTCUTS.map((s) => (
              <div key={s.label} className="contents">
                <dt className="flex gap-1">
                  {s.keys.map((k) => (
                    <kbd
                      key={k}
                      className="min-w-7 rounded-md border border-border bg-surface-2 px-1.5 py-0.5 text-center font-mono text-xs"
                    >
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-muted">{t(s.label)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-muted">{t('Shortcuts pause while you type in a text field.')}</p>
          <h3 className="mt-5 text-sm font-semibold">{t('How completion works')}</h3>
          <p className="mt-1 text-sm text-muted">{completionRule()}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
