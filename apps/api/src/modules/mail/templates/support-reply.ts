import {
  button,
  escapeHtml,
  facts,
  htmlFrame,
  type MailContext,
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
 * the answer to this ticket.
 */
export function supportReplyMail(context: MailContext, f: SupportReplyFacts): RenderedMail {
  const contactUrl = `${context.publicUrl}/contact-us`;
  const greeting = `Hi ${f.learnerName},`;
  const howToAnswer = `To answer, please use the contact form and include your ticket id ${f.ticketId} in the subject or message, so your answer joins this conversation.`;
  const signature = `${f.staffName}, ${context.site.productName} support`;
  return {
    subject: `Re: ${f.subject} [${f.ticketId}]`,
    html: htmlFrame(context, {
      preheader: f.message.slice(0, 120),
      heading: `About your message "${f.subject}"`,
      blocks: [
        paragraph(greeting),
        `<div style="white-space:pre-wrap;font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(f.message)}</div>`,
        paragraph(signature),
        facts([['Ticket', f.ticketId]]),
        paragraph(howToAnswer),
        button('Open the contact form', contactUrl),
      ],
    }),
    text: textFrame(context, [
      greeting,
      '',
      f.message,
      '',
      signature,
      '',
      `Ticket: ${f.ticketId}`,
      '',
      howToAnswer,
      `Contact form: ${contactUrl}`,
    ]),
    // An email reply still reaches the support mailbox (not the ticket): better than a no-reply address.
    headers: { 'Reply-To': context.site.supportEmail },
  };
}
