import { LoaderCircle, Play, RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';

/** Spinner while loading or buffering; announced politely. */
export function PlayerSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <LoaderCircle className="size-12 animate-spin text-white/90" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * The big play button over a ready or paused video: smaller in a phone-sized player and clear of the bar there,
 * and above the captions (drawn over the video too), so it is never covered.
 */
export function BigPlayButton({ onClick }: { onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={t('Play video')}
      onClick={onClick}
      className="absolute top-[40%] left-1/2 z-30 flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-accent/90 text-accent-fg shadow-xl transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white @md:top-1/2 @md:size-20 [&_svg]:size-6 @md:[&_svg]:size-9"
    >
      <Play className="ml-0.5 @md:ml-1" aria-hidden="true" />
    </button>
  );
}

/**
 * Spec section 8: 'Failed to load video' plus the reason, in the player, with Retry. Sized by the player's own
 * width, so the whole message and its button fit a 320 px phone's 180 px tall video.
 */
export function PlayerError({ reason, onRetry }: { reason: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="@container absolute inset-0 overflow-y-auto bg-black/85 text-white">
      <div className="flex min-h-full flex-col items-center justify-center gap-1.5 p-3 text-center @md:gap-3 @md:p-6">
        <TriangleAlert className="size-6 shrink-0 text-danger @md:size-10" aria-hidden="true" />
        <p className="font-semibold @md:text-lg">{t('Failed to load video')}</p>
        <p className="max-w-md text-xs text-white/80 @md:text-sm">{reason}</p>
        {onRetry && (
          <Button variant="secondary" size="sm" className="mt-1" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {t('Retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
