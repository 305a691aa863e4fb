import { Briefcase, Building2, Code2, Handshake, type LucideIcon, Users, Video } from 'lucide-react';
import { site } from '@/lib/site';

/** What we offer (spec section 1: project-based courses, career support, corporate training, partnerships). */
export const OFFERINGS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Code2,
    title: 'Project-based courses',
    text: 'Lessons build real things, and several courses end in a capstone (a handbook assistant, an image classifier, a research agent) you can show in interviews.',
  },
  {
    icon: Briefcase,
    title: 'Career support',
    text: 'Tell us the AI role you are aiming for and we suggest the courses and projects that lead there: write to us from the contact page.',
  },
  {
    icon: Building2,
    title: 'Corporate training',
    text: 'Upskilling an engineering team? Write to our business team and we plan the courses for your team with you.',
  },
  {
    icon: Handshake,
    title: 'Partnerships',
    text: 'Companies and universities can write to us about hiring pipelines, co-created curricula and applied AI projects.',
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
    text: 'Short video lessons that remember where you stopped, free courses to begin with, and a free preview lesson in most paid courses.',
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
