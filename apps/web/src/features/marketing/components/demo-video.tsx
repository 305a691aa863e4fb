import { endpoints } from '@kaushal/contract';
import { AlertTriangle, Pause, Play, RotateCcw } from 'lucide-react';
import { type SyntheticEvent, useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiUrl, callPath } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { site } from '@/lib/site';
import { useMounted } from '@/lib/use-mounted';
import { DEMO_LOOP_START, demoLoopSeek } from '../lib/demo-loop';

export type DemoVideoState = 'loading' | 'loaded' | 'error' | 'playing' | 'paused';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The home page's demo: streamed from /api/v1/demo-video (HTTP Range), autoplaying muted and inline, looping
 * between 35 s and 80 s. States: loading, loaded, error (with a Retry that fetches the source again),
 * playing, paused. When the browser blocks autoplay (play() rejects), a play overlay asks for a click.
 */
export function DemoVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<DemoVideoState>('loading');
  const [needsClick, setNeedsClick] = useState(false);
  // Each retry asks for the source under a new URL, so no failed or cached response can be reused.
  const [attempt, setAttempt] = useState(0);
  const src = `${apiUrl(callPath(endpoints.demoVideo))}${attempt ? `?attempt=${attempt}` : ''}`;
  // The source is set once the app runs, never in the server's first paint: the video's events (loaded,
  // playing) must reach React, and whether to autoplay depends on this device's reduced-motion setting.
  const mounted = useMounted();

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.play().then(
      () => setNeedsClick(false),
      (error: unknown) => {
        // A newer load() interrupting this play() is not a refusal; anything else (NotAllowedError) is.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setNeedsClick(true);
        setState((s) => (s === 'error' ? s : 'paused'));
      },
    );
  }, []);

  const keepInLoop = (video: HTMLVideoElement) => {
    const target = demoLoopSeek(video.currentTime, video.duration);
    if (target !== null) video.currentTime = target;
  };

  const onLoadedData = (event: SyntheticEvent<HTMLVideoElement>) => {
    setState((s) => (s === 'loading' ? 'loaded' : s));
    if (event.currentTarget.paused) {
      if (prefersReducedMotion()) setNeedsClick(true);
      else play();
    }
  };

  const retry = () => {
    setState('loading');
    setNeedsClick(false);
    setAttempt((a) => a + 1);
  };

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) play();
    else video.pause();
  };

  const showOverlay = state === 'paused' || needsClick;

  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-2xl border border-border bg-black shadow-2xl shadow-accent/10"
      data-state={state}
      data-testid="demo-video"
    >
      <video
        key={attempt}
        ref={videoRef}
        src={mounted ? src : undefined}
        className="size-full object-cover"
        autoPlay={mounted && !prefersReducedMotion()}
        muted
        playsInline
        preload="auto"
        aria-label={t('{product} product demo (no sound)', { product: site.productName })}
        onLoadStart={() => setState('loading')}
        onLoadedMetadata={(e) => {
          // Start inside the loop (spec: 35 s to 80 s).
          if (e.currentTarget.currentTime < DEMO_LOOP_START) keepInLoop(e.currentTarget);
        }}
        onLoadedData={onLoadedData}
        onTimeUpdate={(e) => keepInLoop(e.currentTarget)}
        onEnded={(e) => {
          keepInLoop(e.currentTarget);
          play();
        }}
        onPlaying={() => {
          setNeedsClick(false);
          setState('playing');
        }}
        onPause={(e) => {
          if (!e.currentTarget.ended) setState('paused');
        }}
        onError={() => setState('error')}
      />

      {state === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center bg-black/50" role="status">
          <span
            className="size-10 animate-spin rounded-full border-2 border-accent border-t-transparent"
            aria-hidden="true"
          />
          <span className="sr-only">{t('Loading demo video…')}</span>
        </div>
      )}

      {state === 'error' && (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-4 text-center text-white"
          role="alert"
        >
          <AlertTriangle className="size-8 text-danger" aria-hidden="true" />
          <p className="font-semibold">{t('Failed to load demo video')}</p>
          <Button variant="secondary" onClick={retry}>
            <RotateCcw aria-hidden="true" />
            {t('Retry')}
          </Button>
        </div>
      )}

      {state !== 'error' && state !== 'loading' && showOverlay && (
        <button
          type="button"
          onClick={play}
          className="group absolute inset-0 flex items-center justify-center bg-black/40 focus-visible:outline-none"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-transform group-hover:scale-105 group-focus-visible:ring-4 group-focus-visible:ring-white">
            <Play className="ml-1 size-9" aria-hidden="true" />
          </span>
          <span className="sr-only">{t('Play demo video')}</span>
        </button>
      )}

      {state === 'playing' && (
        <Button
          variant="secondary"
          size="icon"
          onClick={toggle}
          className="absolute right-3 bottom-3 size-10 bg-black/60 text-white hover:bg-black/80"
          aria-label={t('Pause demo video')}
        >
          <Pause aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
