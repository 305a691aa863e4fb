import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/support/pdf-text.ts';
import { DEVELOPMENT_SUPPLIER } from '../config.ts';
import { buildInvoiceDocument } from '../modules/invoices/document.ts';
import { invoicePdf } from '../modules/invoices/index.ts';
import { financialYearOf } from '../modules/invoices/numbering.ts';
import { drawPdfJob } from '../pdf-jobs.ts';
import { createPdfThread, type PdfJob, type PdfThread } from './pdf-thread.ts';

const issuedAt = new Date('2026-11-25T10:00:00Z');
const document = buildInvoiceDocument(
  {
    order: { id: 'order_PDFTHREAD0001', amountPaise: 499_900, providerPaymentId: 'pay_PDFTHREAD0001', billing: null },
    account: { name: 'Asha Learner', email: 'asha@example.com' },
    courseTitle: 'RAG from Scratch',
    tierTitle: 'Lifetime Access',
  },
  {
    supplier: { ...DEVELOPMENT_SUPPLIER, stateCode: DEVELOPMENT_SUPPLIER.gstin.slice(0, 2) },
    sacCode: '999293',
    gstRatePercent: 18,
    invoicePrefix: 'INV',
    creditNotePrefix: 'CRN',
  },
  { number: 'INV/2627/00042', issuedAt, financialYear: financialYearOf(issuedAt) },
);

describe('the PDF thread', () => {
  const threads: PdfThread[] = [];
  /** Counts the drawings done on this thread (the fallback). */
  let drawnHere = 0;
  const drawHere = (job: PdfJob) => {
    drawnHere++;
    return drawPdfJob(job);
  };
  const thread = (options?: Parameters<typeof createPdfThread>[1]) => {
    drawnHere = 0;
    const created = createPdfThread(drawHere, options);
    threads.push(created);
    return created;
  };
  afterEach(async () => {
    for (const t of threads.splice(0)) await t.close();
  });

  it('draws on a worker thread the same bytes the main thread draws', { timeout: 60_000 }, async () => {
    const fallbacks: unknown[] = [];
    const pdfs = thread({ onFallback: (error) => fallbacks.push(error) });
    expect(pdfs.threadId()).toBeNull();
    const onWorker = await pdfs.draw({ kind: 'invoice', input: document });
    expect(fallbacks).toEqual([]);
    expect(drawnHere).toBe(0);
    expect(pdfs.threadId()).toBeGreaterThan(0);
    expect(Buffer.compare(onWorker, await invoicePdf(document))).toBe(0);
    expect(await pdfText(onWorker)).toContain('INV/2627/00042');

    // Several at once: each answer reaches its own caller.
    const numbers = ['INV/2627/00043', 'INV/2627/00044', 'INV/2627/00045'];
    const many = await Promise.all(
      numbers.map((number) => pdfs.draw({ kind: 'invoice', input: { ...document, number } })),
    );
    for (const [i, pdf] of many.entries()) expect(await pdfText(pdf)).toContain(numbers[i]);
    expect(fallbacks).toEqual([]);
    expect(drawnHere).toBe(0);
  });

  it('stops the worker after a quiet spell, and starts another for the next drawing', { timeout: 60_000 }, async () => {
    const pdfs = thread({ idleMs: 50 });
    await pdfs.draw({ kind: 'invoice', input: document });
    const first = pdfs.threadId();
    expect(first).not.toBeNull();
    await expect.poll(() => pdfs.threadId(), { timeout: 5_000 }).toBeNull();
    await pdfs.draw({ kind: 'invoice', input: document });
    expect(pdfs.threadId()).not.toBeNull();
    expect(pdfs.threadId()).not.toBe(first);
  });

  it('draws on the calling thread when the worker cannot start', async () => {
    const fallbacks: unknown[] = [];
    const pdfs = thread({
      entry: { url: new URL('./no-such-pdf-worker.js', import.meta.url), typescript: false },
      onFallback: (error) => fallbacks.push(error),
    });
    const pdf = await pdfs.draw({ kind: 'invoice', input: document });
    expect(await pdfText(pdf)).toContain('INV/2627/00042');
    expect(fallbacks).toHaveLength(1);
    expect(drawnHere).toBe(1);
  });

  it('fails a drawing whose input the worker cannot draw, without drawing it again here', {
    timeout: 60_000,
  }, async () => {
    const fallbacks: unknown[] = [];
    const pdfs = thread({ onFallback: (error) => fallbacks.push(error) });
    await expect(pdfs.draw({ kind: 'invoice', input: { kind: 'invoice' } })).rejects.toThrow(/legalName/);
    expect(drawnHere).toBe(0);
    expect(fallbacks).toEqual([]);
    // The worker is still there for the next one.
    expect(await pdfText(await pdfs.draw({ kind: 'invoice', input: document }))).toContain('INV/2627/00042');
  });
});
