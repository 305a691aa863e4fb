import {
  button,
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

function content(l: MailLocale, f: RefundMailFacts, outcome: RefundMailOutcome) {
  const { t } = l;
  const amount = l.rupees(f.amountPaise);
  const about = { learnerName: f.learnerName, courseTitle: f.courseTitle, amount };
  const orderRow = [t('common.orderReference'), f.orderId] as const;
  switch (outcome.kind) {
    case 'processed':
      return {
        subject: t('refund.processed.subject', about),
        heading: t('refund.processed.heading'),
        intro: t('refund.processed.intro', about),
        rows: [
          [t('refund.amountRefunded'), amount],
          [t('refund.refundedOn'), l.dateTime(outcome.processedAt)],
          orderRow,
          ...(outcome.creditNoteNumber ? ([[t('refund.creditNote'), outcome.creditNoteNumber]] as const) : []),
        ] as ReadonlyArray<readonly [string, string]>,
        after: [
          outcome.accessEnded ? t('refund.accessEnded') : t('refund.accessContinues'),
          // The refund policy's own timings, as the refund policy page states them.
          t('refund.timing'),
          ...(outcome.creditNoteNumber ? [t('refund.creditNoteAttached')] : []),
        ],
      };
    case 'requested':
      return {
        subject: t('refund.requested.subject', about),
        heading: t('refund.requested.heading'),
        intro: t('refund.requested.intro', about),
        rows: [orderRow] as ReadonlyArray<readonly [string, string]>,
        after: [t('refund.requested.after')],
      };
    case 'rejected':
      return {
        subject: t('refund.rejected.subject', about),
        heading: t('refund.rejected.heading'),
        intro: t('refund.rejected.intro', about),
        rows: [orderRow, [t('refund.rejected.reason'), outcome.reason]] as ReadonlyArray<readonly [string, string]>,
        after: [t('refund.rejected.after')],
      };
    case 'failed':
      return {
        subject: t('refund.failed.subject', about),
        heading: t('refund.failed.heading'),
        intro: t('refund.failed.intro', about),
        rows: [orderRow] as ReadonlyArray<readonly [string, string]>,
        after: [t('refund.failed.after')],
      };
  }
}

/** The outcome of a refund or a cancellation request, to the learner who paid. */
export function refundMail(
  context: MailContext,
  f: RefundMailFacts,
  outcome: RefundMailOutcome,
  language: MailLanguage = 'en',
): RenderedMail {
  const l = mailLocale(language);
  const c = content(l, f, outcome);
  const purchasesUrl = `${context.publicUrl}/purchases`;
  const history = l.t('common.purchaseHistory');
  return {
    subject: c.subject,
    html: htmlFrame(
      context,
      {
        preheader: c.intro,
        heading: c.heading,
        blocks: [paragraph(c.intro), facts(c.rows), ...c.after.map(paragraph), button(history, purchasesUrl)],
      },
      l,
    ),
    text: textFrame(
      context,
      [
        c.heading,
        '',
        c.intro,
        '',
        ...c.rows.map(([label, value]) => l.line(label, value)),
        '',
        ...c.after,
        '',
        l.line(history, purchasesUrl),
      ],
      undefined,
      l,
    ),
  };
}
