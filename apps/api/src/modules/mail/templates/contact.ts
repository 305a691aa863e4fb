import { type ContactCategory, RESPONSE_TARGET_HOURS, type SiteConfig } from '@kaushal/contract';
import {
  escapeHtml,
  facts,
  htmlFrame,
  type MailContext,
  type MailLanguage,
  type MailLocale,
  mailLocale,
  paragraph,
  type RenderedMail,
  textFrame,
} from './layout.ts';

export interface ContactFacts {
  ticketId: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  category: ContactCategory;
  message: string;
  signedIn: boolean;
}

const categoryLabel = (l: MailLocale, category: ContactCategory) => l.t(`category.${category}`);

/** The spec's response targets (the contract's RESPONSE_TARGET_HOURS, which the support inbox measures too). */
export function responseTarget(category: ContactCategory, language: MailLanguage = 'en'): string {
  const { t } = mailLocale(language);
  const { critical, general, business } = RESPONSE_TARGET_HOURS;
  if (category === 'business' || category === 'partnership') return t('contact.target.business', { hours: business });
  if (category === 'technical') return t('contact.target.technical', { critical, general });
  return t('contact.target.general', { hours: general });
}

const supportHours = (site: SiteConfig) => site.supportHours.map((h) => `${h.days}: ${h.hours}`);

/** To the person who wrote: their ticket id, when to expect an answer, and the support hours. */
export function contactAckMail(context: MailContext, f: ContactFacts, language: MailLanguage = 'en'): RenderedMail {
  const l = mailLocale(language);
  const { t } = l;
  const intro = t('contact.ack.intro', { name: f.name, subject: f.subject, ticketId: f.ticketId });
  const target = responseTarget(f.category, language);
  const reply = t('contact.ack.reply');
  // The hours are the site's configuration (content/site.json), written once, as the contact page shows them.
  const hours = supportHours(context.site);
  const heading = t('contact.ack.heading');
  const topic = t('contact.ack.topic');
  return {
    subject: t('contact.ack.subject', { ticketId: f.ticketId }),
    html: htmlFrame(
      context,
      {
        preheader: target,
        heading,
        blocks: [
          paragraph(intro),
          facts([
            [t('common.ticket'), f.ticketId],
            [topic, categoryLabel(l, f.category)],
          ]),
          paragraph(target),
          `<p style="margin:0 0 8px;font-size:15px;font-weight:600">${escapeHtml(t('contact.ack.supportHours'))}</p><ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5">${hours.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>`,
          paragraph(reply),
        ],
      },
      l,
    ),
    text: textFrame(
      context,
      [
        heading,
        '',
        intro,
        l.line(topic, categoryLabel(l, f.category)),
        '',
        target,
        '',
        t('contact.ack.supportHoursLine'),
        ...hours.map((h) => `  ${h}`),
        '',
        reply,
      ],
      undefined,
      l,
    ),
    headers: { 'Reply-To': context.site.supportEmail },
  };
}

/**
 * To the support inbox: the whole message, with Reply-To set to the person who wrote. The team reads English
 * (the inbox has no language setting), so this one is always in English.
 */
export function contactStaffMail(context: MailContext, f: ContactFacts): RenderedMail {
  const category = categoryLabel(mailLocale('en'), f.category);
  const rows = [
    ['Ticket', f.ticketId],
    ['From', `${f.name} <${f.email}>`],
    ['Phone', f.phone ?? 'not given'],
    ['Topic', category],
    ['Signed in', f.signedIn ? 'yes' : 'no'],
    ['Subject', f.subject],
  ] as const;
  return {
    subject: `[${f.ticketId}] ${category}: ${f.subject}`,
    html: htmlFrame(context, {
      preheader: f.message.slice(0, 120),
      heading: `New message: ${f.subject}`,
      blocks: [
        facts(rows),
        `<div style="white-space:pre-wrap;font-size:15px;line-height:1.5;border-left:3px solid #94a3b8;padding-left:12px">${escapeHtml(f.message)}</div>`,
        paragraph(responseTarget(f.category)),
      ],
    }),
    text: textFrame(context, [
      `New message: ${f.subject}`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      f.message,
      '',
      responseTarget(f.category),
    ]),
    headers: { 'Reply-To': f.email },
  };
}
