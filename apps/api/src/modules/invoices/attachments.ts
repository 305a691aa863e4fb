import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import type { PdfThread } from '../../lib/pdf-thread.ts';
import type { AttachmentResolver } from '../mail/index.ts';
import { invoiceFileName, storedInvoicePdf } from './stored-pdf.ts';

/**
 * Resolves an email's attachment references at delivery (the mail module stores only `{kind, invoiceId}`): an
 * invoice or credit note becomes its stored PDF. Invoices are never deleted, so a missing one is a defect, and
 * the delivery fails (and is retried) rather than sending the email without it.
 */
export function invoiceAttachment(db: Db, pdfThread: PdfThread): AttachmentResolver {
  return async (ref) => {
    const [invoice] = await db
      .select({ id: invoices.id, number: invoices.number, details: invoices.details, pdf: invoices.pdf })
      .from(invoices)
      .where(eq(invoices.id, ref.invoiceId))
      .limit(1);
    if (!invoice) throw new Error(`the email's invoice ${ref.invoiceId} does not exist`);
    return {
      filename: invoiceFileName(invoice.number),
      contentType: 'application/pdf',
      content: await storedInvoicePdf(db, pdfThread, invoice),
    };
  };
}
