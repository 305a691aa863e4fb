import { Briefcase, Building2, Code2, Handshake, type LucideIcon, Users, Video } from 'lucide-react';
import { site } from '@/lib/site';

/** What we offer (spec section 1: project-based courses, career support, corporate training, partnerships). */
export const OFFERINGS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Code2,
    title: 'Project-based courses',
    text: 'Every course ends in a working system (a RAG assistant, a fine-tuned model, a deployed agent) you can show in interviews.',
  },
  {
    icon: Briefcase,
    title: 'Career support',
    text: 'Portfolio reviews, mock interviews and referrals to hiring partners, so your new skills turn into an AI engineering role.',
  },
  {
    icon: Building2,
    title: 'Corporate training',
    text: 'Upskill your engineering team with tailored cohorts built around your stack, your data and your delivery goals.',
  },
  {
    icon: Handshake,
    title: 'Partnerships',
    text: 'We work with companies and universities on hiring pipelines, co-created curricula and applied AI projects.',
  },
];

const EXTRAS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Users,
    title: 'Taught by practitioners',
    text: `Instructors who build and run AI systems in production, advised by the ${site.ctosConsulted} CTOs we consulted on what the job really needs.`,
  },
  {
    icon: Video,
    title: 'Learn at your pace',
    text: 'Short video lessons that remember where you stopped, with a free preview lesson before you pay.',
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-heading" className="border-y border-border bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-16 md:px-6">
        <h2 id="why-heading" className="mb-3 text-3xl font-bold">
          Why choose {site.productName}?
        </h2>
        <p className="mb-10 max-w-2xl text-muted">
          {site.successRate}% of our learners report job success in AI. Here is what gets them there.
        </p>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[...OFFERINGS, ...EXTRAS].map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-bg p-6">
              <Icon className="mb-4 size-8 text-accent" aria-hidden="true" />
              <h3 className="mb-2 text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
