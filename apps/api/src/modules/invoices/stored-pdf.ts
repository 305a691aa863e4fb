import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import type { PdfThread } from '../../lib/pdf-thread.ts';
import { invoiceDocumentSchema } from './document.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The PDF's file name: the number with its slashes as dashes (INV-2627-00001.pdf). */
export const invoiceFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/**
 * The invoice's PDF as first drawn: drawn from its stored document and stored the first time it is asked for
 * (`where pdf is null`: the row is otherwise never changed), then always those bytes. Two first requests at
 * once may both draw it; only one drawing is stored, and both serve the stored one.
 */
export async function storedInvoicePdf(
  db: Db,
  pdfThread: PdfThread,
  invoice: Pick<InvoiceRow, 'id' | 'details' | 'pdf'>,
): Promise<Buffer> {
  if (invoice.pdf) return invoice.pdf;
  const document = invoiceDocumentSchema.parse(invoice.details);
  const drawn = await pdfThread.draw({ kind: 'invoice', input: document });
  const stored = await db
    .update(invoices)
    .set({ pdf: drawn })
    .where(and(eq(invoices.id, invoice.id), isNull(invoices.pdf)))
    .returning({ id: invoices.id });
  if (stored.length > 0) return drawn;
  const [row] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, invoice.id));
  if (!row?.pdf) throw new Error(`invoice ${invoice.id}: no PDF stored`);
  return row.pdf;
}
