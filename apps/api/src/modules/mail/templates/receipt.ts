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

export interface ReceiptFacts {
  learnerName: string;
  courseId: string;
  courseTitle: string;
  /** The pricing tier's title, or the access it gives when the course had no tiers. */
  planTitle: string;
  amountPaise: number;
  paymentId: string;
  /** The order reference the refund policy asks for. */
  orderId: string;
  paidAt: Date;
  /** When the access bought ends; null for lifetime access. */
  accessUntil: Date | null;
  /** The tax invoice attached to the email (null: none, e.g. an order paid before invoices existed). */
  invoiceNumber: string | null;
}

/** The payment receipt, sent once per paid order (after verify or the webhook, whichever settles it). */
export function receiptMail(context: MailContext, f: ReceiptFacts, language: MailLanguage = 'en'): RenderedMail {
  const l = mailLocale(language);
  const { t } = l;
  const courseUrl = `${context.publicUrl}/course/${encodeURIComponent(f.courseId)}`;
  const purchasesUrl = `${context.publicUrl}/purchases`;
  const amount = l.rupees(f.amountPaise);
  const access = f.accessUntil ? t('common.until', { date: l.dateTime(f.accessUntil) }) : t('common.lifetimeAccess');
  const rows = [
    [t('common.course'), f.courseTitle],
    [t('receipt.plan'), f.planTitle],
    [t('receipt.amountPaid'), amount],
    [t('receipt.paidOn'), l.dateTime(f.paidAt)],
    [t('receipt.paymentId'), f.paymentId],
    [t('common.orderReference'), f.orderId],
    ...(f.invoiceNumber ? ([[t('receipt.invoice'), f.invoiceNumber]] as const) : []),
    [t('common.access'), access],
  ] as const;
  const intro = t('receipt.intro', { learnerName: f.learnerName, courseTitle: f.courseTitle });
  const keep = t('receipt.keep');
  const invoiceNote = f.invoiceNumber
    ? t('receipt.invoiceAttached', { invoiceNumber: f.invoiceNumber })
    : t('receipt.noInvoice');
  const heading = t('receipt.heading');
  const goToCourse = t('receipt.goToCourse');
  return {
    subject: t('receipt.subject', { courseTitle: f.courseTitle }),
    html: htmlFrame(
      context,
      {
        preheader: t('receipt.preheader', { amount, courseTitle: f.courseTitle }),
        heading,
        blocks: [
          paragraph(intro),
          facts(rows),
          button(goToCourse, courseUrl),
          `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(invoiceNote)} <a href="${escapeHtml(purchasesUrl)}" style="color:#4338ca">${escapeHtml(t('receipt.openHistory'))}</a></p>`,
          paragraph(keep),
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
        '',
        ...rows.map(([label, value]) => l.line(label, value)),
        '',
        l.line(goToCourse, courseUrl),
        '',
        invoiceNote,
        l.line(t('common.purchaseHistory'), purchasesUrl),
        '',
        keep,
      ],
      undefined,
      l,
    ),
  };
}
