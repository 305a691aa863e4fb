import {
  button,
  escapeHtml,
  facts,
  htmlFrame,
  type MailContext,
  type MailLanguage,
  mailLocale,
  paragraph,
  type RenderedMail,
  textFrame,
} from './layout.ts';

export interface SupportReplyFacts {
  learnerName: string;
  ticketId: string;
  /** The subject of the ticket's first message. */
  subject: string;
  /** What the member of staff wrote, as written (plain text). */
  message: string;
  /** The member of staff's first name or name, as they sign. */
  staffName: string;
}

/**
 * A reply from support in the console (decision 025). Answers by email are not read into the ticket (they reach
 * the support mailbox), so the message says how to answer: the contact form with the ticket id, which joins
 * the answer to this ticket. The frame is in the learner's language; the staff's own words stay as written.
 */
export function supportReplyMail(
  context: MailContext,
  f: SupportReplyFacts,
  language: MailLanguage = 'en',
): RenderedMail {
  const l = mailLocale(language);
  const { t } = l;
  const contactUrl = `${context.publicUrl}/contact-us`;
  const greeting = t('support.greeting', { learnerName: f.learnerName });
  const howToAnswer = t('support.howToAnswer', { ticketId: f.ticketId });
  const signature = t('support.signature', { staffName: f.staffName, productName: context.site.productName });
  const ticket = t('common.ticket');
  return {
    subject: t('support.subject', { subject: f.subject, ticketId: f.ticketId }),
    html: htmlFrame(
      context,
      {
        preheader: f.message.slice(0, 120),
        heading: t('support.heading', { subject: f.subject }),
        blocks: [
          paragraph(greeting),
          `<div style="white-space:pre-wrap;font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(f.message)}</div>`,
          paragraph(signature),
          facts([[ticket, f.ticketId]]),
          paragraph(howToAnswer),
          button(t('support.openForm'), contactUrl),
        ],
      },
      l,
    ),
    text: textFrame(
      context,
      [
        greeting,
        '',
        f.message,
        '',
        signature,
        '',
        l.line(ticket, f.ticketId),
        '',
        howToAnswer,
        l.line(t('support.contactForm'), contactUrl),
      ],
      undefined,
      l,
    ),
    // An email reply still reaches the support mailbox (not the ticket): better than a no-reply address.
    headers: { 'Reply-To': context.site.supportEmail },
  };
}
