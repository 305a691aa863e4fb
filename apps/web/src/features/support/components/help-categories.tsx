import type { ContactCategory } from '@kaushal/contract';
import { Briefcase, LifeBuoy, type LucideIcon, Wrench } from 'lucide-react';
import { type MessageId, msg, t } from '@/lib/i18n/i18n';

const HELP: ReadonlyArray<{ category: ContactCategory; icon: LucideIcon; title: MessageId; text: MessageId }> = [
  {
    category: 'general',
    icon: LifeBuoy,
    title: msg('General Support'),
    text: msg('Questions about your account, enrollment, access or courses.'),
  },
  {
    category: 'technical',
    icon: Wrench,
    title: msg('Technical Support'),
    text: msg('Video playback, sign-in or payment problems, and anything that does not work as it should.'),
  },
  {
    category: 'business',
    icon: Briefcase,
    title: msg('Business Inquiries'),
    text: msg('Corporate training for your team, and partnerships.'),
  },
];

/** Spec: help categories general, technical and business; choosing one preselects it in the form. */
export function HelpCategories({ onChoose }: { onChoose: (category: ContactCategory) => void }) {
  return (
    <section aria-labelledby="help-heading" className="space-y-6">
      <h2 id="help-heading" className="text-2xl font-bold">
        {t('How can we help?')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {HELP.map(({ category, icon: Icon, title, text }) => (
          <li key={category}>
            <button
              type="button"
              onClick={() => onChoose(category)}
              className="flex h-full w-full flex-col gap-2 rounded-2xl border border-border bg-surface p-5 text-left transition-colors hover:border-accent focus-visible:border-accent"
            >
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <span className="font-semibold">{t(title)}</span>
              <span className="text-sm text-muted">{t(text)}</span>
              <span className="mt-auto pt-2 text-sm font-semibold text-accent">
                {t('Write to {team}', { team: t(title) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
