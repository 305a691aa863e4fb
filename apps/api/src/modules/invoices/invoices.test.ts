import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { capturedEvent, createLearner, get, type Learner, post, webhook } from '../../../test/payments.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { createStaff } from '../../../test/support/staff.ts';
import { DEVELOPMENT_SUPPLIER } from '../../config.ts';
import { emailMessages, invoices, paymentOrders, refunds } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { invoiceDocumentSchema } from './document.ts';
import { issueCreditNote, issueInvoice } from './issue.ts';
import { financialYearOf } from './numbering.ts';
import { gstinOf, orderWithBilling, paidOrder } from './test-support.ts';

const KARNATAKA_BUYER = {
  name: 'Acme Analytics Pvt Ltd',
  stateCode: '29',
  gstin: gstinOf('29ABCDE1234F1Z'),
  address: null,
};
const MAHARASHTRA_BUYER = { name: 'Ravi Kumar', stateCode: '27', gstin: null, address: 'Andheri, Mumbai 400053' };

describe('GST tax invoices', () => {
  const ctx = useTestApp();
  const fy = () => financialYearOf(ctx.clock.now).short;
  const invoiceRows = () => ctx.database.db.select().from(invoices).orderBy(asc(invoices.kind), asc(invoices.seq));
  const invoiceOf = async (orderId: string) => {
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (!row) throw new Error(`no invoice for ${orderId}`);
    return row;
  };
  const download = (id: string, who: Learner | null) => get(ctx, `/api/v1/invoices/${id}/pdf`, who);
  const storedPdf = async (id: string) =>
    (await ctx.database.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, id)))[0]?.pdf ?? null;

  it('issues one invoice when an order is paid: numbered from 1, CGST and SGST for a buyer in Karnataka', async () => {
    const learner = await createLearner(ctx, 'Asha Learner');
    const { order, payment } = await paidOrder(ctx, learner, { billing: KARNATAKA_BUYER });
    const rows = await invoiceRows();
    expect(rows).toHaveLength(1);
    const invoice = rows[0];
    if (!invoice) throw new Error('no invoice');
    const number = `INV/${fy()}/00001`;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number,
      seq: 1,
      financialYear: financialYearOf(ctx.clock.now).label,
      orderId: order.orderId,
      userId: learner.id,
      issuedAt: ctx.clock.now,
      totalPaise: 499_900,
      taxablePaise: 423_644,
      cgstPaise: 38_128,
      sgstPaise: 38_128,
      igstPaise: 0,
      refundId: null,
      invoiceId: null,
      pdf: null,
    });
    expect(invoiceDocumentSchema.parse(invoice.details)).toMatchObject({
      number,
      buyer: { name: KARNATAKA_BUYER.name, email: learner.email, gstin: KARNATAKA_BUYER.gstin, stateCode: '29' },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      paymentId: payment.razorpay_payment_id,
    });

    const res = await download(invoice.id, learner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="INV-${fy()}-00001.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain(`GSTIN: ${DEVELOPMENT_SUPPLIER.gstin}`);
    expect(text).toContain(`GSTIN: ${KARNATAKA_BUYER.gstin}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain(`Order reference: ${order.orderId}`);
    expect(text).toContain(`Payment ID: ${payment.razorpay_payment_id}`);
    // The printed parts add up to the printed total, to the paisa.
    const amount = (label: RegExp) => {
      const found = new RegExp(`${label.source}\\s+₹([\\d,]+\\.\\d\\d)`).exec(text)?.[1];
      if (!found) throw new Error(`no ${label} in:\n${text}`);
      return Math.round(Number(found.replaceAll(',', '')) * 100);
    };
    const [taxable, cgst, sgst, total] = [/Taxable value/, /CGST 9%/, /SGST 9%/, /Total/].map(amount);
    expect([taxable, cgst, sgst, total]).toEqual([423_644, 38_128, 38_128, 499_900]);
    expect(text).not.toContain('IGST');

    // Drawn once and stored: the second download is the stored bytes, and the row keeps its first drawing.
    const stored = await storedPdf(invoice.id);
    expect(stored?.equals(res.rawPayload)).toBe(true);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 3_600_000);
    const again = await download(invoice.id, learner);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await storedPdf(invoice.id))?.equals(stored ?? Buffer.alloc(0))).toBe(true);
  });

  it('charges IGST to a buyer in Maharashtra, and numbers the next invoice 2', async () => {
    await paidOrder(ctx, await createLearner(ctx), { billing: KARNATAKA_BUYER });
    const learner = await createLearner(ctx, 'Ravi Kumar');
    const { order } = await paidOrder(ctx, learner, { tierId: 'rag-from-scratch-weekly', billing: MAHARASHTRA_BUYER });
    const invoice = await invoiceOf(order.orderId);
    expect(invoice).toMatchObject({
      number: `INV/${fy()}/00002`,
      totalPaise: 99_900,
      taxablePaise: 84_661,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 15_239,
    });
    const text = await pdfText((await download(invoice.id, learner)).rawPayload);
    expect(text).toMatch(/IGST 18%\s+₹152\.39/);
    expect(text).toMatch(/Total\s+₹999\.00/);
    expect(text).not.toMatch(/[CS]GST/);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('Andheri, Mumbai 400053');
    expect(text).toContain('RAG from Scratch - Weekly Access');
  });

  it('bills the account, in the supplier’s state, when the order has no billing details', async () => {
    const learner = await createLearner(ctx, 'Meera Iyer');
    const { order } = await paidOrder(ctx, learner, { billing: null });
    const details = invoiceDocumentSchema.parse((await invoiceOf(order.orderId)).details);
    expect(details.buyer).toEqual({
      name: 'Meera Iyer',
      email: learner.email,
      stateCode: '29',
      stateName: 'Karnataka',
      gstin: null,
      address: null,
    });
    expect(details.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(details.cgstPaise + details.sgstPaise).toBe(76_256);
  });

  it('serves the PDF to its learner and to support and admins; anyone else gets the unknown id’s answer', async () => {
    const learner = await createLearner(ctx);
    const { order } = await paidOrder(ctx, learner, { billing: KARNATAKA_BUYER });
    const { id } = await invoiceOf(order.orderId);
    const unknown = await download('00000000-0000-4000-8000-000000000000', learner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'We could not find that invoice.', code: 'invoice_not_found' });
    const other = await createLearner(ctx, 'Someone Else');
    const instructor = await createStaff(ctx, 'Ira Instructor', 'instructor');
    for (const who of [other, instructor]) {
      const res = await download(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await download(id, null)).statusCode).toBe(401);
    expect((await download('not-a-uuid', learner)).statusCode).toBe(400);
    for (const role of ['support', 'admin'] as const) {
      const staff = await createStaff(ctx, `Staff ${role}`, role);
      const res = await download(id, staff);
      expect(res.statusCode).toBe(200);
      expect(await pdfText(res.rawPayload)).toContain(`INV/${fy()}/00001`);
    }
    expect((await download(id, learner)).statusCode).toBe(200);
  });

  it('a verify and two webhooks racing issue one invoice, and the one receipt carries it', async () => {
    const learner = await createLearner(ctx);
    const { order, payment } = await orderWithBilling(ctx, learner, { billing: KARNATAKA_BUYER });
    const secret = createSandboxProvider(ctx.app.deps.config.sessionSecret).webhookSecret;
    const event = capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount);
    const answers = await Promise.all([
      post(ctx, '/api/v1/payments/verify', learner, payment),
      webhook(ctx, secret, event),
      webhook(ctx, secret, event),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await invoiceRows();
    expect(rows.map((row) => row.number)).toEqual([`INV/${fy()}/00001`]);
    const invoice = rows[0];
    if (!invoice) throw new Error('no invoice');

    const receipts = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.kind, 'receipt'));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0];
    expect(receipt?.attachments).toEqual([{ kind: 'invoice', invoiceId: invoice.id }]);
    expect(receipt?.text).toContain(`Invoice: ${invoice.number}`);
    expect(receipt?.text).toContain('Your purchase history: http://localhost:3999/purchases');

    // The development mailbox lists the attachment and hands out the PDF the delivery would send.
    const page = await ctx.app.inject(`/dev/mailbox/${receipt?.id}`);
    expect(page.body).toContain(
      `<a href="/dev/mailbox/${receipt?.id}/attachments/0" download>Download attachment 1</a>`,
    );
    const file = await ctx.app.inject(`/dev/mailbox/${receipt?.id}/attachments/0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="INV-${fy()}-00001.pdf"`);
    expect(await pdfText(file.rawPayload)).toContain(`Invoice number: ${invoice.number}`);
    expect((await ctx.app.inject(`/dev/mailbox/${receipt?.id}/attachments/1`)).statusCode).toBe(404);
    // The same bytes as the learner's download: drawn once.
    expect((await download(invoice.id, learner)).rawPayload.equals(file.rawPayload)).toBe(true);
  });

  it('issues nothing for a ₹0 order, and the same invoice when asked again', async () => {
    const { db } = ctx.database;
    const { invoicing } = ctx.app.deps.config;
    const learner = await createLearner(ctx);
    const { order } = await paidOrder(ctx, learner, { billing: null });
    const first = await invoiceOf(order.orderId);
    const again = await db.transaction((tx) => issueInvoice(tx, invoicing, order.orderId, ctx.clock.now));
    expect(again).toEqual({ id: first.id, number: first.number });

    await db.insert(paymentOrders).values({
      id: 'free_TESTCOUPON0001',
      userId: learner.id,
      courseId: 'rag-from-scratch',
      accessType: 'permanent',
      amountPaise: 0,
      status: 'paid',
      paidAt: ctx.clock.now,
    });
    expect(await db.transaction((tx) => issueInvoice(tx, invoicing, 'free_TESTCOUPON0001', ctx.clock.now))).toBeNull();
    expect(await invoiceRows()).toHaveLength(1);
  });

  it('issues credit notes in their own series against the invoice, once per refund, never past its total', async () => {
    const { db } = ctx.database;
    const { invoicing } = ctx.app.deps.config;
    const learner = await createLearner(ctx);
    const { order } = await paidOrder(ctx, learner, { billing: KARNATAKA_BUYER });
    const invoice = await invoiceOf(order.orderId);
    const refund = async (amountPaise: number) => {
      const [row] = await db
        .insert(refunds)
        .values({ orderId: order.orderId, userId: learner.id, kind: 'staff', status: 'processed', amountPaise })
        .returning({ id: refunds.id });
      if (!row) throw new Error('no refund');
      return row.id;
    };
    const credit = (refundId: string, amountPaise: number) =>
      db.transaction((tx) =>
        issueCreditNote(
          tx,
          invoicing,
          { refundId, orderId: order.orderId, amountPaise, reason: 'Refund by support' },
          ctx.clock.now,
        ),
      );

    const firstRefund = await refund(100_000);
    const first = await credit(firstRefund, 100_000);
    expect(first.number).toBe(`CRN/${fy()}/00001`);
    expect(await credit(firstRefund, 100_000)).toEqual(first);
    const second = await credit(await refund(399_900), 399_900);
    expect(second.number).toBe(`CRN/${fy()}/00002`);
    // Nothing is left to credit: refused, and the refused one took no number.
    await expect(credit(await refund(100), 100)).rejects.toThrow(RangeError);

    const notes = (await invoiceRows()).filter((row) => row.kind === 'credit_note');
    expect(notes.map((row) => [row.number, row.invoiceId, row.totalPaise])).toEqual([
      [`CRN/${fy()}/00001`, invoice.id, 100_000],
      [`CRN/${fy()}/00002`, invoice.id, 399_900],
    ]);
    for (const note of notes) {
      expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(note.totalPaise);
    }
    const res = await download(first.id, learner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CRN-${fy()}-00001.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toMatch(new RegExp(`Against invoice INV/${fy()}/00001 dated \\d{2} \\w{3} \\d{4}`));
    expect(text).toContain('Reason: Refund by support');
    expect(text).toMatch(/Total credited\s+₹1,000\.00/);
    expect((await download(first.id, await createLearner(ctx))).statusCode).toBe(404);
  });

  it('invoices an order paid before invoices existed first, then credits it', async () => {
    const { db } = ctx.database;
    const learner = await createLearner(ctx);
    await db.insert(paymentOrders).values({
      id: 'order_BEFOREINVOICES1',
      userId: learner.id,
      courseId: 'rag-from-scratch',
      pricingTierId: 'rag-from-scratch-weekly',
      accessType: 'weekly',
      amountPaise: 99_900,
      status: 'paid',
      providerPaymentId: 'pay_BEFOREINVOICES1',
      paidAt: new Date(ctx.clock.now.getTime() - 86_400_000),
    });
    const [row] = await db
      .insert(refunds)
      .values({ orderId: 'order_BEFOREINVOICES1', kind: 'request', status: 'processed', amountPaise: 99_900 })
      .returning({ id: refunds.id });
    const note = await db.transaction((tx) =>
      issueCreditNote(
        tx,
        ctx.app.deps.config.invoicing,
        { refundId: row?.id ?? '', orderId: 'order_BEFOREINVOICES1', amountPaise: 99_900, reason: null },
        ctx.clock.now,
      ),
    );
    const rows = await invoiceRows();
    expect(rows.map((r) => [r.kind, r.number])).toEqual([
      ['credit_note', `CRN/${fy()}/00001`],
      ['invoice', `INV/${fy()}/00001`],
    ]);
    expect(rows.find((r) => r.kind === 'credit_note')).toMatchObject({
      id: note.id,
      invoiceId: rows.find((r) => r.kind === 'invoice')?.id,
      totalPaise: 99_900,
    });
    const text = await pdfText((await download(note.id, learner)).rawPayload);
    expect(text).not.toContain('Reason:');
  });
});
