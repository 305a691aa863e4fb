import { parentPort } from 'node:worker_threads';
import type { PdfJob } from './lib/pdf-thread.ts';
import { type CertificatePdfInput, certificatePdf } from './modules/certificates/index.ts';
import { type InvoiceDocument, invoicePdf } from './modules/invoices/index.ts';

/**
 * The PDF thread's entry (lib/pdf-thread.ts; bundled as dist/pdf-worker.js): draws each job it is sent, one at a
 * time, and answers with the PDF's bytes or the error's message. Its input was built and checked by the main
 * thread (an invoice's stored document parsed by its schema, a certificate read from the database).
 */
function draw(job: PdfJob): Promise<Buffer> {
  if (job.kind === 'invoice') return invoicePdf(job.input as InvoiceDocument);
  const { row, context } = job.input as CertificatePdfInput;
  return certificatePdf(row, context);
}

parentPort?.on('message', async (message: PdfJob & { id: number }) => {
  try {
    const pdf = await draw(message);
    parentPort?.postMessage({ id: message.id, pdf: new Uint8Array(pdf) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
