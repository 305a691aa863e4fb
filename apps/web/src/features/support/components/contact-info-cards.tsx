import { Clock, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { t, translateText } from '@/lib/i18n/i18n';
import { site } from '@/lib/site';
import { LiveChatDialog } from './live-chat-dialog';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-6">
      <span className="flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent">{icon}</span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="flex flex-1 flex-col gap-3 text-sm text-muted">{children}</div>
    </li>
  );
}

/** Spec: three info cards, email support, a live chat button and support hours. */
export function ContactInfoCards({ onUseForm }: { onUseForm: () => void }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      <InfoCard icon={<Mail className="size-5" aria-hidden="true" />} title={t('Email Support')}>
        <p>{t('Write to us any day. We reply to general requests in under 24 hours.')}</p>
        <a
          href={`mailto:${site.supportEmail}`}
          className="mt-auto font-semibold break-all text-accent underline-offset-4 hover:underline"
        >
          {site.supportEmail}
        </a>
      </InfoCard>
      <InfoCard icon={<MessageCircle className="size-5" aria-hidden="true" />} title={t('Live Chat')}>
        <p>{t('Live chat is not available yet. The button shows when it will be staffed and how to reach us now.')}</p>
        <div className="mt-auto">
          <LiveChatDialog onUseForm={onUseForm} />
        </div>
      </InfoCard>
      <InfoCard icon={<Clock className="size-5" aria-hidden="true" />} title={t('Support Hours')}>
        <dl className="space-y-1">
          {site.supportHours.map((h) => (
            <div key={h.days} className="flex flex-wrap justify-between gap-x-3">
              <dt className="font-medium text-fg">{translateText(h.days)}</dt>
              <dd>{translateText(h.hours)}</dd>
            </div>
          ))}
        </dl>
      </InfoCard>
    </ul>
  );
}
