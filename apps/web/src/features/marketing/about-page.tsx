import { Award, Globe2, Lightbulb, type LucideIcon, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type MessageId, msg, t, translateText } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { site } from '@/lib/site';
import { usePageTitle } from '@/lib/use-page-title';
import { OFFERINGS } from './components/why-choose';

/** Spec section 1: the About page's claims, shown as written. */
const ABOUT_STATS = [
  { value: '2024', label: msg('Founded in') },
  { value: '10K+', label: msg('Students trained') },
  { value: '95%', label: msg('Job placement rate') },
  { value: '50+', label: msg('Instructors') },
  { value: '4.9/5', label: msg('Student rating') },
] as const;

const VALUES: ReadonlyArray<{ icon: LucideIcon; title: MessageId; text: MessageId }> = [
  {
    icon: Award,
    title: msg('Excellence'),
    text: msg(
      'We hold our courses to the standard of production engineering: correct, current, tested and reviewed by practitioners.',
    ),
  },
  {
    icon: Users,
    title: msg('Community'),
    text: msg(
      'Learners’ reviews and messages shape what we teach next, and every message to support is answered by a person on our team.',
    ),
  },
  {
    icon: Lightbulb,
    title: msg('Innovation'),
    text: msg(
      'AI moves fast, so our curriculum does too. We rework lessons as tools, models and best practices change.',
    ),
  },
  {
    icon: Globe2,
    title: msg('Accessibility'),
    text: msg(
      'Fair prices in rupees, free courses, free preview lessons and weekly access plans make good training reachable for more people.',
    ),
  },
];

export function AboutPage() {
  usePageTitle(t('About Us'));
  return (
    <div className="mx-auto max-w-6xl space-y-20 px-4 py-12 md:px-6 md:py-16">
      <header className="max-w-3xl space-y-4">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          {t('About {product}', { product: site.productName })}
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">
          {t('We turn engineers into AI engineers')}
        </h1>
        <p className="text-lg text-muted">{translateText(site.tagline)}</p>
      </header>

      <section aria-labelledby="mission-heading" className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <h2 id="mission-heading" className="text-2xl font-bold">
          {t('Our mission')}
        </h2>
        <p className="text-lg text-muted">
          {t(
            'Our mission is to make working professionals and students job-ready AI engineers: people who can build, evaluate and ship real machine learning and LLM systems, not just call an API. We teach the way the work is done, with projects, working code and honest measurement.',
          )}
        </p>
      </section>

      <section aria-labelledby="about-stats-heading">
        <h2 id="about-stats-heading" className="sr-only">
          {t('{product} in numbers', { product: site.productName })}
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {ABOUT_STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse items-center gap-1 rounded-2xl border border-border bg-surface p-5 text-center"
            >
              <dt className="text-sm text-muted">{t(stat.label)}</dt>
              <dd className="text-3xl font-bold text-accent">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="story-heading" className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <h2 id="story-heading" className="text-2xl font-bold">
          {t('Our story')}
        </h2>
        <div className="space-y-4 text-muted">
          <p>
            {t(
              '{product} was founded in 2024 in {city} by engineers who had spent years hiring for AI teams. We kept meeting capable developers who had watched hours of tutorials yet had never taken a model from a prototype to production, and companies that could not find people who had.',
              { product: site.productName, city: site.address.city },
            )}
          </p>
          <p>
            {t(
              'So we asked the people doing the hiring. After consulting {ctos} CTOs about what their AI engineers actually do every day, we built a curriculum around those tasks: retrieval, evaluation, fine-tuning, deployment and the judgement to choose between them.',
              { ctos: site.ctosConsulted },
            )}
          </p>
          <p>
            {t(
              'Since then more than 10,000 students have trained with us, taught by over 50 instructors who build AI systems for a living, and 95% of our graduates have been placed in jobs.',
            )}
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="space-y-8">
        <h2 id="values-heading" className="text-2xl font-bold">
          {t('Our values')}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-surface p-6">
              <Icon className="mb-4 size-8 text-accent" aria-hidden="true" />
              <h3 className="mb-2 text-lg font-semibold">{t(title)}</h3>
              <p className="text-sm text-muted">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="apart-heading" className="space-y-8">
        <h2 id="apart-heading" className="text-2xl font-bold">
          {t('What sets us apart')}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {OFFERINGS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-border bg-surface p-6">
              <Icon className="size-7 shrink-0 text-accent" aria-hidden="true" />
              <div>
                <h3 className="mb-1 text-lg font-semibold">{t(title)}</h3>
                <p className="text-sm text-muted">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="vision-heading" className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <h2 id="vision-heading" className="text-2xl font-bold">
          {t('Our vision')}
        </h2>
        <p className="text-lg text-muted">
          {t(
            'We want India to become the place the world looks to for AI engineering talent, and we want anyone with the drive to learn, wherever they start from, to have a fair path into that work.',
          )}
        </p>
      </section>

      <div className="flex flex-col items-center gap-4 rounded-3xl border border-accent/40 bg-accent/10 px-6 py-12 text-center">
        <h2 className="text-2xl font-bold">{t('Start your journey with us')}</h2>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/courses">{t('Explore Courses')}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact-us">{t('Get in Touch')}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
