import { gstinCheckCharacter } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { DEVELOPMENT_SUPPLIER, type InvoicingConfig } from '../../config.ts';
import { buildCreditNoteDocument, buildInvoiceDocument, type InvoiceFacts } from './document.ts';
import { financialYearOf } from './numbering.ts';
import { invoicePdf } from './pdf.ts';

const INVOICING: InvoicingConfig = {
  supplier: { ...DEVELOPMENT_SUPPLIER, stateCode: DEVELOPMENT_SUPPLIER.gstin.slice(0, 2) },
  sacCode: '999293',
  gstRatePercent: 18,
  invoicePrefix: 'INV',
  creditNotePrefix: 'CRN',
};
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const ISSUED = new Date('2026-11-25T10:00:00Z');
const stamp = (number: string, issuedAt = ISSUED) => ({ number, issuedAt, financialYear: financialYearOf(issuedAt) });

const facts = (billing: InvoiceFacts['order']['billing']): InvoiceFacts => ({
  order: { id: 'order_ABCDEF12345678', amountPaise: 499_900, providerPaymentId: 'pay_XYZ12345678901', billing },
  account: { name: 'Asha Learner', email: 'asha@example.com' },
  courseTitle: 'RAG from Scratch',
  tierTitle: 'Lifetime Access',
});

describe('the invoice document', () => {
  it('bills a buyer in the supplier’s state (Karnataka) with CGST and SGST', () => {
    const buyerGstin = gstin('29ABCDE1234F1Z');
    const document = buildInvoiceDocument(
      facts({ name: 'Acme Analytics Pvt Ltd', stateCode: '29', gstin: buyerGstin, address: 'Indiranagar, Bengaluru' }),
      INVOICING,
      stamp('INV/2627/00001'),
    );
    expect(document).toEqual({
      kind: 'invoice',
      number: 'INV/2627/00001',
      issuedAt: '2026-11-25T10:00:00.000Z',
      financialYear: '2026-27',
      supplier: {
        legalName: DEVELOPMENT_SUPPLIER.legalName,
        address: DEVELOPMENT_SUPPLIER.address,
        gstin: DEVELOPMENT_SUPPLIER.gstin,
        stateCode: '29',
        stateName: 'Karnataka',
      },
      buyer: {
        name: 'Acme Analytics Pvt Ltd',
        email: 'asha@example.com',
        stateCode: '29',
        stateName: 'Karnataka',
        gstin: buyerGstin,
        address: 'Indiranagar, Bengaluru',
      },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      line: { description: 'RAG from Scratch - Lifetime Access', sacCode: '999293', amountPaise: 499_900 },
      ratePercent: 18,
      taxablePaise: 423_644,
      cgstPaise: 38_128,
      sgstPaise: 38_128,
      igstPaise: 0,
      totalPaise: 499_900,
      orderId: 'order_ABCDEF12345678',
      paymentId: 'pay_XYZ12345678901',
      against: null,
      reason: null,
    });
  });

  it('bills a buyer in another state with IGST', () => {
    const document = buildInvoiceDocument(
      facts({ name: 'Ravi Kumar', stateCode: '27', gstin: null, address: null }),
      INVOICING,
      stamp('INV/2627/00002'),
    );
    expect(document.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(document).toMatchObject({ taxablePaise: 423_644, cgstPaise: 0, sgstPaise: 0, igstPaise: 76_256 });
  });

  it('without a billing profile, bills the account with the supplier’s state as the place of supply', () => {
    const document = buildInvoiceDocument(facts(null), INVOICING, stamp('INV/2627/00003'));
    expect(document.buyer).toEqual({
      name: 'Asha Learner',
      email: 'asha@example.com',
      stateCode: '29',
      stateName: 'Karnataka',
      gstin: null,
      address: null,
    });
    expect(document.placeOfSupply.code).toBe(INVOICING.supplier.stateCode);
    expect(document.cgstPaise + document.sgstPaise).toBe(76_256);
  });

  it('credits part of an invoice with the same parties, split the same way, naming the invoice', () => {
    const invoice = buildInvoiceDocument(
      facts({ name: 'Ravi Kumar', stateCode: '27', gstin: null, address: null }),
      INVOICING,
      stamp('INV/2627/00002'),
    );
    const note = buildCreditNoteDocument(
      invoice,
      { amountPaise: 250_000, reason: 'Refund by support' },
      stamp('CRN/2627/00001', new Date('2026-11-26T10:00:00Z')),
    );
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: 'CRN/2627/00001',
      issuedAt: '2026-11-26T10:00:00.000Z',
      buyer: invoice.buyer,
      supplier: invoice.supplier,
      placeOfSupply: invoice.placeOfSupply,
      line: { ...invoice.line, amountPaise: 250_000 },
      taxablePaise: 211_864,
      igstPaise: 38_136,
      totalPaise: 250_000,
      against: { number: 'INV/2627/00002', issuedAt: invoice.issuedAt },
      reason: 'Refund by support',
    });
  });
});

describe('the invoice PDF', () => {
  const karnataka = () =>
    buildInvoiceDocument(
      facts({ name: 'Acme Analytics Pvt Ltd', stateCode: '29', gstin: gstin('29ABCDE1234F1Z'), address: null }),
      INVOICING,
      stamp('INV/2627/00001'),
    );

  it('prints the number, both GSTINs, the place of supply and CGST and SGST adding up to the total', async () => {
    const document = karnataka();
    const text = await pdfText(await invoicePdf(document));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Invoice number: INV/2627/00001');
    expect(text).toContain('Date: 25 Nov 2026');
    expect(text).toContain(`GSTIN: ${DEVELOPMENT_SUPPLIER.gstin}`);
    expect(text).toContain(`GSTIN: ${document.buyer.gstin}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toMatch(/RAG from Scratch - Lifetime Access\s+999293\s+₹4,236\.44/);
    expect(text).toMatch(/CGST 9%\s+₹381\.28/);
    expect(text).toMatch(/SGST 9%\s+₹381\.28/);
    expect(text).toMatch(/Total\s+₹4,999\.00/);
    expect(text).not.toContain('IGST');
    expect(text).toContain('Order reference: order_ABCDEF12345678');
    expect(text).toContain('Payment ID: pay_XYZ12345678901');
    expect(text).toContain('This is a computer-generated invoice.');
  });

  it('prints one IGST line for a buyer in another state, and no buyer GSTIN when there is none', async () => {
    const document = buildInvoiceDocument(
      facts({ name: 'Ravi Kumar', stateCode: '27', gstin: null, address: null }),
      INVOICING,
      stamp('INV/2627/00002'),
    );
    const text = await pdfText(await invoicePdf(document));
    expect(text).toMatch(/IGST 18%\s+₹762\.56/);
    expect(text).not.toMatch(/[CS]GST/);
    expect(text.match(/GSTIN:/g)).toHaveLength(1);
    expect(text).toContain('Place of supply: Maharashtra (27)');
  });

  it('prints a credit note against its invoice with the reason', async () => {
    const note = buildCreditNoteDocument(
      karnataka(),
      { amountPaise: 99_900, reason: 'Cancellation approved by support' },
      stamp('CRN/2627/00007', new Date('2026-11-26T10:00:00Z')),
    );
    const text = await pdfText(await invoicePdf(note));
    expect(text).toContain('Credit Note');
    expect(text).toContain('Credit note number: CRN/2627/00007');
    expect(text).toContain('Against invoice INV/2627/00001 dated 25 Nov 2026');
    expect(text).toContain('Reason: Cancellation approved by support');
    expect(text).toMatch(/CGST 9%\s+₹76\.20/);
    expect(text).toMatch(/SGST 9%\s+₹76\.19/);
    expect(text).toMatch(/Total credited\s+₹999\.00/);
  });

  it('is the same bytes when drawn again, dated by its issue time', async () => {
    const document = karnataka();
    const first = await invoicePdf(document);
    expect((await invoicePdf(document)).equals(first)).toBe(true);
    const raw = first.toString('latin1');
    expect(raw.startsWith('%PDF-1.')).toBe(true);
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // The creation date (an indirect string object) is the issue time, not the time of drawing.
    const dateRef = /\/CreationDate (\d+) 0 R/.exec(raw)?.[1];
    expect(raw).toContain(`\n${dateRef} 0 obj\n(D:20261125100000Z)\nendobj`);
  });
});
