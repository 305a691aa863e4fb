import { t } from '@/lib/i18n/i18n';
import { site } from '@/lib/site';
import { DemoVideo } from './demo-video';

/** The Watch Demo target: heading focusable so the scroll also moves keyboard focus here. */
export function DemoSection() {
  return (
    <section id="demo" aria-labelledby="demo-heading" className="mx-auto max-w-5xl scroll-mt-20 px-4 py-16 md:px-6">
      <h2 id="demo-heading" tabIndex={-1} className="mb-3 text-3xl font-bold">
        {t('See {product} in action', { product: site.productName })}
      </h2>
      <p className="mb-8 text-muted">
        {t('A short tour of a lesson: the player, a hands-on project and how your progress is tracked.')}
      </p>
      <DemoVideo />
    </section>
  );
}
