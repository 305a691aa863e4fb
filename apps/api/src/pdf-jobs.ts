import type { PdfJob } from './lib/pdf-thread.ts';
import { type CertificatePdfInput, certificatePdf } from './modules/certificates/index.ts';
import { type InvoiceDocument, invoicePdf } from './modules/invoices/index.ts';

/**
 * Draws one PDF job: on the PDF thread (src/pdf-worker.ts), and on the main thread when that thread is unavailable
 * (lib/pdf-thread.ts). Its input was built and checked by the main thread (an invoice's stored document parsed by
 * its schema, a certificate read from the database with its 404/410 rules).
 */
export function drawPdfJob(job: PdfJob): Promise<Buffer> {
  if (job.kind === 'invoice') return invoicePdf(job.input as InvoiceDocument);
  const { row, context } = job.input as CertificatePdfInput;
  return certificatePdf(row, context);
}
