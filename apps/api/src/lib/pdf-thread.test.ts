import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/support/pdf-text.ts';
import { DEVELOPMENT_SUPPLIER } from '../config.ts';
import { buildInvoiceDocument } from '../modules/invoices/document.ts';
import { invoicePdf } from '../modules/invoices/index.ts';
import { financialYearOf } from '../modules/invoices/numbering.ts';
import { createPdfThread, type PdfThread } from './pdf-thread.ts';

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
  const thread = (...args: Parameters<typeof createPdfThread>) => {
    const created = createPdfThread(...args);
    threads.push(created);
    return created;
  };
  afterEach(async () => {
    for (const t of threads.splice(0)) await t.close();
  });

  it('draws on a worker thread the same bytes the main thread draws', { timeout: 60_000 }, async () => {
    const fallbacks: unknown[] = [];
    const pdfs = thread(undefined, { onFallback: (error) => fallbacks.push(error) });
    expect(pdfs.threadId()).toBeNull();
    let drewHere = false;
    const onWorker = await pdfs.draw({ kind: 'invoice', input: document }, () => {
      drewHere = true;
      return invoicePdf(document);
    });
    expect(fallbacks).toEqual([]);
    expect(drewHere).toBe(false);
    expect(pdfs.threadId()).toBeGreaterThan(0);
    expect(Buffer.compare(onWorker, await invoicePdf(document))).toBe(0);
    expect(await pdfText(onWorker)).toContain('INV/2627/00042');

    // Several at once: each answer reaches its own caller.
    const numbers = ['INV/2627/00043', 'INV/2627/00044', 'INV/2627/00045'];
    const many = await Promise.all(
      numbers.map((number) => {
        const input = { ...document, number };
        return pdfs.draw({ kind: 'invoice', input }, () => invoicePdf(input));
      }),
    );
    for (const [i, pdf] of many.entries()) expect(await pdfText(pdf)).toContain(numbers[i]);
    expect(fallbacks).toEqual([]);
  });

  it('stops the worker after a quiet spell, and starts another for the next drawing', { timeout: 60_000 }, async () => {
    const pdfs = thread(undefined, { idleMs: 50 });
    await pdfs.draw({ kind: 'invoice', input: document }, () => invoicePdf(document));
    const first = pdfs.threadId();
    expect(first).not.toBeNull();
    await expect.poll(() => pdfs.threadId(), { timeout: 5_000 }).toBeNull();
    await pdfs.draw({ kind: 'invoice', input: document }, () => invoicePdf(document));
    expect(pdfs.threadId()).not.toBeNull();
    expect(pdfs.threadId()).not.toBe(first);
  });

  it('draws on the calling thread when the worker cannot start', async () => {
    const fallbacks: unknown[] = [];
    const pdfs = thread(
      { url: new URL('./no-such-pdf-worker.js', import.meta.url), typescript: false },
      { onFallback: (error) => fallbacks.push(error) },
    );
    const pdf = await pdfs.draw({ kind: 'invoice', input: document }, () => invoicePdf(document));
    expect(await pdfText(pdf)).toContain('INV/2627/00042');
    expect(fallbacks).toHaveLength(1);
  });

  it('reports a drawing that fails, wherever it is drawn', { timeout: 60_000 }, async () => {
    const pdfs = thread();
    await expect(
      pdfs.draw({ kind: 'invoice', input: { kind: 'invoice' } }, () => Promise.reject(new Error('not a document'))),
    ).rejects.toThrow('not a document');
  });
});
