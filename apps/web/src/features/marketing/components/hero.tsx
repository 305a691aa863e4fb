import { ArrowRight, PlayCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t, translateText } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { Link } from '@/lib/router';
import { useSession } from '@/lib/session';
import { site } from '@/lib/site';
import { demoScrollTop } from '../lib/demo-scroll';

/**
 * Scrolls the demo section fully into view (smoothly unless the visitor asks for reduced motion) and moves
 * focus to its heading.
 */
export function scrollToDemo() {
  const heading = document.getElementById('demo-heading');
  if (!heading) return;
  const video = document.querySelector('#demo [data-testid="demo-video"]') ?? heading;
  const nav = document.querySelector('header');
  const headingBox = heading.getBoundingClientRect();
  const videoBox = video.getBoundingClientRect();
  const top = demoScrollTop({
    scrollY: window.scrollY,
    viewportHeight: window.innerHeight,
    navBottom: nav ? Math.max(0, nav.getBoundingClientRect().bottom) : 0,
    headingTop: headingBox.top,
    videoTop: videoBox.top,
    videoBottom: videoBox.bottom,
  });
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
  heading.focus({ preventScroll: true });
}

export function Hero() {
  const session = useSession();
  return (
    <section className="relative overflow-hidden" aria-labelledby="hero-heading">
      <div
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(0,207,255,0.18),transparent_55%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 md:px-6 md:py-24">
        <p className="rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-xs font-semibold tracking-wide text-accent uppercase">
          {t('For working professionals and students')}
        </p>
        <h1 id="hero-heading" className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
          {tRich('Become an {aiEngineer} with {product}', {
            aiEngineer: <span className="text-accent">{t('AI engineer')}</span>,
            product: site.productName,
          })}
        </h1>
        <p className="max-w-2xl text-lg text-muted">{translateText(site.tagline)}</p>
        <div className="flex flex-wrap gap-3">
          {session.status === 'authenticated' ? (
            <Button asChild size="lg">
              <Link to="/dashboard">
                {t('Go to your dashboard')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link to="/login">
                {t('Sign in to start learning')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
          <Button size="lg" variant="outline" onClick={scrollToDemo}>
            <PlayCircle aria-hidden="true" />
            {t('Watch Demo')}
          </Button>
        </div>
      </div>
    </section>
  );
}
