import {
  button,
  facts,
  formatIndianDateTime,
  formatRupees,
  htmlFrame,
  type MailContext,
  paragraph,
  type RenderedMail,
  textFrame,
} from './layout.ts';

/** What every refund email says about the order it concerns. */
export interface RefundMailFacts {
  learnerName: string;
  courseTitle: string;
  orderId: string;
  amountPaise: number;
}

export type RefundMailOutcome =
  | { kind: 'processed'; creditNoteNumber: string | null; accessEnded: boolean; processedAt: Date }
  | { kind: 'requested' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'failed' };

/** The refund policy's own timings, as the refund policy page states them. */
const TIMING = 'Refunds take 7-10 business days to process, plus 3-7 business days for bank transfers.';

function content(f: RefundMailFacts, outcome: RefundMailOutcome) {
  const amount = formatRupees(f.amountPaise);
  switch (outcome.kind) {
    case 'processed':
      return {
        subject: `Your refund for ${f.courseTitle}`,
        heading: 'Refund processed',
        intro: `Hi ${f.learnerName}, we have refunded ${amount} for ${f.courseTitle}.`,
        rows: [
          ['Amount refunded', amount],
          ['Refunded on', formatIndianDateTime(outcome.processedAt)],
          ['Order reference', f.orderId],
          ...(outcome.creditNoteNumber ? ([['Credit note', outcome.creditNoteNumber]] as const) : []),
        ] as ReadonlyArray<readonly [string, string]>,
        after: [
          outcome.accessEnded
            ? 'Your access to the course has ended, and any certificate for it is revoked.'
            : 'Your access to the course continues.',
          TIMING,
          ...(outcome.creditNoteNumber ? ['The credit note is attached to this email.'] : []),
        ],
      };
    case 'requested':
      return {
        subject: `We received your cancellation request for ${f.courseTitle}`,
        heading: 'Cancellation request received',
        intro: `Hi ${f.learnerName}, we received your request to cancel your purchase of ${f.courseTitle} (${amount}).`,
        rows: [['Order reference', f.orderId]] as ReadonlyArray<readonly [string, string]>,
        after: [
          'Our support team reviews it within 3-5 business days and emails you the decision. Your access continues meanwhile.',
        ],
      };
    case 'rejected':
      return {
        subject: `Your cancellation request for ${f.courseTitle}`,
        heading: 'Cancellation request declined',
        intro: `Hi ${f.learnerName}, we reviewed your request to cancel your purchase of ${f.courseTitle} and cannot refund it.`,
        rows: [
          ['Order reference', f.orderId],
          ['Reason', outcome.reason],
        ] as ReadonlyArray<readonly [string, string]>,
        after: ['Your access to the course continues. Reply through our contact page if you have questions.'],
      };
    case 'failed':
      return {
        subject: `Your refund for ${f.courseTitle} needs our attention`,
        heading: 'Refund not completed yet',
        intro: `Hi ${f.learnerName}, the payment provider did not accept the refund of ${amount} for ${f.courseTitle}.`,
        rows: [['Order reference', f.orderId]] as ReadonlyArray<readonly [string, string]>,
        after: ['Our support team has been told and will complete it by hand. You do not need to do anything.'],
      };
  }
}

/** The outcome of a refund or a cancellation request, to the learner who paid. */
export function refundMail(context: MailContext, f: RefundMailFacts, outcome: RefundMailOutcome): RenderedMail {
  const c = content(f, outcome);
  const purchasesUrl = `${context.publicUrl}/purchases`;
  return {
    subject: c.subject,
    html: htmlFrame(context, {
      preheader: c.intro,
      heading: c.heading,
      blocks: [
        paragraph(c.intro),
        facts(c.rows),
        ...c.after.map(paragraph),
        button('Your purchase history', purchasesUrl),
      ],
    }),
    text: textFrame(context, [
      c.heading,
      '',
      c.intro,
      '',
      ...c.rows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...c.after,
      '',
      `Your purchase history: ${purchasesUrl}`,
    ]),
  };
}
