import { Briefcase, Building2, Code2, Handshake, type LucideIcon, Users, Video } from 'lucide-react';
import { type MessageId, msg, t } from '@/lib/i18n/i18n';
import { site } from '@/lib/site';

/** What we offer (spec section 1: project-based courses, career support, corporate training, partnerships). */
export const OFFERINGS: ReadonlyArray<{ icon: LucideIcon; title: MessageId; text: MessageId }> = [
  {
    icon: Code2,
    title: msg('Project-based courses'),
    text: msg(
      'Lessons build real things, and several courses end in a capstone (a handbook assistant, an image classifier, a research agent) you can show in interviews.',
    ),
  },
  {
    icon: Briefcase,
    title: msg('Career support'),
    text: msg(
      'Tell us the AI role you are aiming for and we suggest the courses and projects that lead there: write to us from the contact page.',
    ),
  },
  {
    icon: Building2,
    title: msg('Corporate training'),
    text: msg(
      'Upskilling an engineering team? Write to our business team and we plan the courses for your team with you.',
    ),
  },
  {
    icon: Handshake,
    title: msg('Partnerships'),
    text: msg(
      'Companies and universities can write to us about hiring pipelines, co-created curricula and applied AI projects.',
    ),
  },
];

const EXTRAS: ReadonlyArray<{ icon: LucideIcon; title: MessageId; text: MessageId; ctos?: string }> = [
  {
    icon: Users,
    title: msg('Taught by practitioners'),
    text: msg(
      'Instructors who build and run AI systems in production, advised by the {ctos} CTOs we consulted on what the job really needs.',
    ),
    ctos: site.ctosConsulted,
  },
  {
    icon: Video,
    title: msg('Learn at your pace'),
    text: msg(
      'Short video lessons that remember where you stopped, free courses to begin with, and a free preview lesson in most paid courses.',
    ),
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-heading" className="border-y border-border bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-16 md:px-6">
        <h2 id="why-heading" className="mb-3 text-3xl font-bold">
          {t('Why choose {product}?', { product: site.productName })}
        </h2>
        <p className="mb-10 max-w-2xl text-muted">
          {t('{rate}% of our learners report job success in AI. Here is what gets them there.', {
            rate: site.successRate,
          })}
        </p>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[...OFFERINGS, ...EXTRAS].map(({ icon: Icon, title, text, ...extra }) => (
            <li key={title} className="rounded-2xl border border-border bg-bg p-6">
              <Icon className="mb-4 size-8 text-accent" aria-hidden="true" />
              <h3 className="mb-2 text-lg font-semibold">{t(title)}</h3>
              <p className="text-sm text-muted">{t(text, extra)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
