import {
  button,
  escapeHtml,
  facts,
  formatIndianDateTime,
  formatRupees,
  htmlFrame,
  type MailContext,
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
export function receiptMail(context: MailContext, f: ReceiptFacts): RenderedMail {
  const courseUrl = `${context.publicUrl}/course/${encodeURIComponent(f.courseId)}`;
  const purchasesUrl = `${context.publicUrl}/purchases`;
  const access = f.accessUntil ? `Until ${formatIndianDateTime(f.accessUntil)}` : 'Lifetime access';
  const rows = [
    ['Course', f.courseTitle],
    ['Plan', f.planTitle],
    ['Amount paid', formatRupees(f.amountPaise)],
    ['Paid on', formatIndianDateTime(f.paidAt)],
    ['Payment ID', f.paymentId],
    ['Order reference', f.orderId],
    ...(f.invoiceNumber ? ([['Invoice', f.invoiceNumber]] as const) : []),
    ['Access', access],
  ] as const;
  const intro = `Hi ${f.learnerName}, thank you for your payment. You now have access to ${f.courseTitle}.`;
  const keep = 'Keep this email: quote the order reference if you write to us about this payment.';
  const invoiceNote = f.invoiceNumber
    ? `Your tax invoice ${f.invoiceNumber} is attached as a PDF. Your invoices are also in your purchase history.`
    : 'Your purchases and their invoices are in your purchase history.';
  return {
    subject: `Your receipt for ${f.courseTitle}`,
    html: htmlFrame(context, {
      preheader: `${formatRupees(f.amountPaise)} paid for ${f.courseTitle}`,
      heading: 'Payment received',
      blocks: [
        paragraph(intro),
        facts(rows),
        button('Go to your course', courseUrl),
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(invoiceNote)} <a href="${escapeHtml(purchasesUrl)}" style="color:#4338ca">Open your purchase history</a></p>`,
        paragraph(keep),
      ],
    }),
    text: textFrame(context, [
      'Payment received',
      '',
      intro,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Go to your course: ${courseUrl}`,
      '',
      invoiceNote,
      `Your purchase history: ${purchasesUrl}`,
      '',
      keep,
    ]),
  };
}
