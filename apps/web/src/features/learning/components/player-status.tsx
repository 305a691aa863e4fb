import { LoaderCircle, Play, RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Spinner while loading or buffering; announced politely. */
export function PlayerSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <LoaderCircle className="size-12 animate-spin text-white/90" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The big play button over a ready or paused video. */
export function BigPlayButton({ onClick }: { onClick(): void }) {
  return (
    <button
      type="button"
      aria-label="Play video"
      onClick={onClick}
      className="absolute top-1/2 left-1/2 flex size-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-accent/90 text-accent-fg shadow-xl transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
    >
      <Play className="ml-1 size-9" aria-hidden="true" />
    </button>
  );
}

/** Spec section 8: 'Failed to load video' plus the reason, in the player. */
export function PlayerError({ reason, onRetry }: { reason: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/85 p-6 text-center text-white"
    >
      <TriangleAlert className="size-10 text-danger" aria-hidden="true" />
      <p className="text-lg font-semibold">Failed to load video</p>
      <p className="max-w-md text-sm text-white/80">{reason}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}
