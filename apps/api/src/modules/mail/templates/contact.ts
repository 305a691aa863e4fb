import { type ContactCategory, RESPONSE_TARGET_HOURS, type SiteConfig } from '@kaushal/contract';
import { escapeHtml, facts, htmlFrame, type MailContext, paragraph, type RenderedMail, textFrame } from './layout.ts';

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

const CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General Support',
  technical: 'Technical Support',
  billing: 'Billing & Payments',
  courses: 'Course Content',
  business: 'Business Inquiries',
  partnership: 'Partnership',
  other: 'Other',
};

/** The spec's response targets (the contract's RESPONSE_TARGET_HOURS, which the support inbox measures too). */
export function responseTarget(category: ContactCategory): string {
  const { critical, general, business } = RESPONSE_TARGET_HOURS;
  if (category === 'business' || category === 'partnership')
    return `We answer business and partnership enquiries within ${business} hours.`;
  if (category === 'technical') {
    return `We answer critical technical issues (you cannot sign in, pay or play a lesson) within ${critical} hours during support hours, and other technical questions within ${general} hours.`;
  }
  return `We answer general requests within ${general} hours.`;
}

const supportHours = (site: SiteConfig) => site.supportHours.map((h) => `${h.days}: ${h.hours}`);

/** To the person who wrote: their ticket id, when to expect an answer, and the support hours. */
export function contactAckMail(context: MailContext, f: ContactFacts): RenderedMail {
  const intro = `Hi ${f.name}, thank you for writing to us. We have your message "${f.subject}" under ticket ${f.ticketId}.`;
  const target = responseTarget(f.category);
  const reply = 'Reply to this email or quote the ticket id if you write again.';
  const hours = supportHours(context.site);
  return {
    subject: `We received your message [${f.ticketId}]`,
    html: htmlFrame(context, {
      preheader: target,
      heading: 'We received your message',
      blocks: [
        paragraph(intro),
        facts([
          ['Ticket', f.ticketId],
          ['Topic', CATEGORY_LABELS[f.category]],
        ]),
        paragraph(target),
        `<p style="margin:0 0 8px;font-size:15px;font-weight:600">Support hours</p><ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5">${hours.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>`,
        paragraph(reply),
      ],
    }),
    text: textFrame(context, [
      'We received your message',
      '',
      intro,
      `Topic: ${CATEGORY_LABELS[f.category]}`,
      '',
      target,
      '',
      'Support hours:',
      ...hours.map((h) => `  ${h}`),
      '',
      reply,
    ]),
    headers: { 'Reply-To': context.site.supportEmail },
  };
}

/** To the support inbox: the whole message, with Reply-To set to the person who wrote. */
export function contactStaffMail(context: MailContext, f: ContactFacts): RenderedMail {
  const rows = [
    ['Ticket', f.ticketId],
    ['From', `${f.name} <${f.email}>`],
    ['Phone', f.phone ?? 'not given'],
    ['Topic', CATEGORY_LABELS[f.category]],
    ['Signed in', f.signedIn ? 'yes' : 'no'],
    ['Subject', f.subject],
  ] as const;
  return {
    subject: `[${f.ticketId}] ${CATEGORY_LABELS[f.category]}: ${f.subject}`,
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
