import { asc } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { coupons, invoices } from '../../db/schema.ts';
import { gstinOf } from '../invoices/test-support.ts';
import { exportBatches } from './export.ts';
import { insertOrder, insertOrdersInBulk, ist, refundFromConsole } from './test-support.ts';

const RAG = 'rag-from-scratch';
const EVAL = 'llm-evaluation';
const MARCH = '?from=2026-03-01&to=2026-03-31';
const HEADER = [
  'Order reference',
  'Payment id',
  'Paid at (IST)',
  'Status',
  'Course',
  'Pricing tier',
  'Learner name',
  'Learner email',
  'Buyer GSTIN',
  'Buyer state',
  'List price (₹)',
  'Discount (₹)',
  'Coupon code',
  'Amount paid (₹)',
  'Refunded (₹)',
  'Invoice number',
  'Taxable value (₹)',
  'CGST (₹)',
  'SGST (₹)',
  'IGST (₹)',
  'Credit notes',
];

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

/** The rows as objects by header, checking the BOM and the header on the way. */
function records(body: string): Array<Record<string, string>> {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  expect(header).toEqual(HEADER);
  for (const row of rows) expect(row).toHaveLength(HEADER.length);
  return rows.map((row) => Object.fromEntries(HEADER.map((name, i) => [name, row[i] ?? ''])));
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

describe("the accountant's CSV export (GET /admin/orders/export.csv)", () => {
  const ctx = useTestApp();
  let admin: Learner;

  beforeEach(async () => {
    admin = await createStaff(ctx, 'Ada Admin', 'admin');
  });

  const exportCsv = (query: string, who: Learner | null = admin) =>
    callAs(ctx, who, 'GET', `/admin/orders/export.csv${query}`);

  it('writes one row per order paid in the range, with its invoice, GST split and credit notes', async () => {
    const ravi = await createStaff(ctx, 'Ravi, "Ravi" Kumar');
    const hostile = await createStaff(ctx, '=HYPERLINK("http://evil.example","Click")');
    const ananya = await createStaff(ctx, 'अनन्या शर्मा');
    const support = await createStaff(ctx, 'Sam Support', 'support');
    const [coupon] = await ctx.database.db
      .insert(coupons)
      .values({ code: 'DIWALI20', kind: 'percent', value: 20, scope: 'all' })
      .returning({ id: coupons.id });
    const karnatakaGstin = gstinOf('29ABCDE1234F1Z');
    // Karnataka, the supplier's own state: CGST and SGST. 23:30 IST on the 31st is the 31st.
    await insertOrder(ctx, {
      id: 'order_LATEKA',
      userId: ravi.id,
      courseId: RAG,
      pricingTierId: 'rag-from-scratch-lifetime',
      listPricePaise: 499_900,
      amountPaise: 399_920,
      couponId: coupon?.id ?? null,
      billing: { name: 'Ravi Traders', stateCode: '29', gstin: karnatakaGstin, address: null },
      createdAt: ist('2026-03-31 23:25'),
      paidAt: ist('2026-03-31 23:30'),
    });
    // Maharashtra: IGST.
    await insertOrder(ctx, {
      id: 'order_EARLYMH',
      userId: hostile.id,
      courseId: EVAL,
      amountPaise: 499_900,
      billing: { name: 'Hostile', stateCode: '27', gstin: null, address: null },
      createdAt: ist('2026-03-05 10:00'),
    });
    // Refunded in full from the console: its credit note.
    await insertOrder(ctx, {
      id: 'order_REFUNDED',
      userId: ananya.id,
      courseId: RAG,
      createdAt: ist('2026-03-10 10:00'),
    });
    await refundFromConsole(ctx, support, 'order_REFUNDED', 99_900);
    // Refunded in two parts: still paid, two credit notes.
    await insertOrder(ctx, {
      id: 'order_PARTLY',
      userId: ananya.id,
      courseId: RAG,
      createdAt: ist('2026-03-12 10:00'),
    });
    await refundFromConsole(ctx, support, 'order_PARTLY', 10_000);
    await refundFromConsole(ctx, support, 'order_PARTLY', 20_050);
    // A ₹0 coupon enrollment: paid, no invoice. The account was deleted since.
    await insertOrder(ctx, {
      id: 'free_ZERO',
      userId: null,
      courseId: EVAL,
      amountPaise: 0,
      listPricePaise: 99_900,
      createdAt: ist('2026-03-20 10:00'),
    });
    // Outside the range, or never paid.
    await insertOrder(ctx, { id: 'order_APRIL', userId: ravi.id, courseId: RAG, createdAt: ist('2026-04-01 00:00') });
    await insertOrder(ctx, {
      id: 'order_FEBRUARY',
      userId: ravi.id,
      courseId: RAG,
      createdAt: ist('2026-02-28 23:59'),
    });
    await insertOrder(ctx, {
      id: 'order_UNPAID',
      userId: ravi.id,
      courseId: RAG,
      status: 'created',
      createdAt: ist('2026-03-15 10:00'),
    });
    await insertOrder(ctx, {
      id: 'order_FAILED',
      userId: ravi.id,
      courseId: RAG,
      status: 'failed',
      createdAt: ist('2026-03-16 10:00'),
    });

    const res = await exportCsv(MARCH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-01-to-2026-03-31.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The BOM as bytes: Excel reads ₹ and Devanagari only after it.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = records(res.body);
    // By the moment of payment, oldest first.
    expect(rows.map((row) => row['Order reference'])).toEqual([
      'order_EARLYMH',
      'order_REFUNDED',
      'order_PARTLY',
      'free_ZERO',
      'order_LATEKA',
    ]);
    const byId = Object.fromEntries(rows.map((row) => [row['Order reference'], row]));

    // Quoted as RFC 4180 says, and the would-be formula kept as text by a leading quote.
    expect(res.body).toContain('"Ravi, ""Ravi"" Kumar"');
    expect(byId.order_LATEKA?.['Learner name']).toBe('Ravi, "Ravi" Kumar');
    expect(byId.order_EARLYMH?.['Learner name']).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(byId.order_REFUNDED?.['Learner name']).toBe('अनन्या शर्मा');

    expect(byId.order_LATEKA).toMatchObject({
      'Payment id': 'pay_LATEKA',
      'Paid at (IST)': '2026-03-31 23:30:00',
      Status: 'paid',
      Course: 'RAG from Scratch',
      'Pricing tier': 'Lifetime Access',
      'Learner email': ravi.email,
      'Buyer GSTIN': karnatakaGstin,
      'Buyer state': '29-Karnataka',
      'List price (₹)': '4999.00',
      'Discount (₹)': '999.80',
      'Coupon code': 'DIWALI20',
      'Amount paid (₹)': '3999.20',
      'Refunded (₹)': '0.00',
      'Credit notes': '',
    });
    expect(byId.order_EARLYMH).toMatchObject({
      'Buyer state': '27-Maharashtra',
      'Buyer GSTIN': '',
      'Pricing tier': '',
    });
    expect(byId.free_ZERO).toMatchObject({
      'Learner name': '',
      'Learner email': '',
      'List price (₹)': '999.00',
      'Discount (₹)': '999.00',
      'Amount paid (₹)': '0.00',
      'Invoice number': '',
      'Taxable value (₹)': '',
      'CGST (₹)': '',
      'IGST (₹)': '',
    });

    // Every invoiced row carries its invoice's own figures, which add up to what was paid.
    const documents = await ctx.database.db.select().from(invoices).orderBy(asc(invoices.issuedAt), asc(invoices.seq));
    for (const id of ['order_LATEKA', 'order_EARLYMH', 'order_REFUNDED', 'order_PARTLY']) {
      const invoice = documents.find((doc) => doc.orderId === id && doc.kind === 'invoice');
      if (!invoice) throw new Error(`no invoice of ${id}`);
      const row = byId[id];
      expect(row).toMatchObject({
        'Invoice number': invoice.number,
        'Taxable value (₹)': rupees(invoice.taxablePaise),
        'CGST (₹)': rupees(invoice.cgstPaise),
        'SGST (₹)': rupees(invoice.sgstPaise),
        'IGST (₹)': rupees(invoice.igstPaise),
      });
      const sum = ['Taxable value (₹)', 'CGST (₹)', 'SGST (₹)', 'IGST (₹)'].reduce(
        (total, column) => total + Math.round(Number(row?.[column]) * 100),
        0,
      );
      expect(rupees(sum)).toBe(row?.['Amount paid (₹)']);
    }
    expect(Number(byId.order_LATEKA?.['CGST (₹)'])).toBeGreaterThan(0);
    expect(byId.order_LATEKA?.['IGST (₹)']).toBe('0.00');
    expect(Number(byId.order_EARLYMH?.['IGST (₹)'])).toBeGreaterThan(0);
    expect(byId.order_EARLYMH?.['CGST (₹)']).toBe('0.00');

    // Refunds and their credit notes, oldest first.
    const notesOf = (id: string) =>
      documents.filter((doc) => doc.orderId === id && doc.kind === 'credit_note').map((doc) => doc.number);
    expect(notesOf('order_PARTLY')).toHaveLength(2);
    expect(byId.order_REFUNDED).toMatchObject({
      Status: 'refunded',
      'Refunded (₹)': '999.00',
      'Credit notes': notesOf('order_REFUNDED').join(' '),
    });
    expect(byId.order_PARTLY).toMatchObject({
      Status: 'paid',
      'Refunded (₹)': '300.50',
      'Credit notes': notesOf('order_PARTLY').join(' '),
    });

    // Only what was asked for: a status, a course.
    const refundedOnly = await exportCsv(`${MARCH}&status=refunded`);
    expect(records(refundedOnly.body).map((row) => row['Order reference'])).toEqual(['order_REFUNDED']);
    const evalOnly = await exportCsv(`${MARCH}&courseId=${EVAL}`);
    expect(records(evalOnly.body).map((row) => row['Order reference'])).toEqual(['order_EARLYMH', 'free_ZERO']);
    // Days in India at both ends: the 31st alone, and the 1st of April alone.
    expect(records((await exportCsv('?from=2026-03-31&to=2026-03-31')).body).map((r) => r['Order reference'])).toEqual([
      'order_LATEKA',
    ]);
    expect(records((await exportCsv('?from=2026-04-01&to=2026-04-01')).body).map((r) => r['Order reference'])).toEqual([
      'order_APRIL',
    ]);
    // A range without orders is the header alone.
    const empty = await exportCsv('?from=2025-01-01&to=2025-01-31');
    expect(empty.statusCode).toBe(200);
    expect(records(empty.body)).toEqual([]);
  });

  it('streams a long range in batches: every order, in order, arriving in pieces', async () => {
    const buyer = await createStaff(ctx, 'Bulk Buyer');
    const start = ist('2026-01-01 00:00').getTime();
    // 2,500 orders a little over three hours apart, two at a time in the same millisecond (the id breaks the tie).
    const inputs = Array.from({ length: 2_500 }, (_, i) => ({
      id: `order_BULK${String(i).padStart(5, '0')}`,
      userId: buyer.id,
      courseId: RAG,
      createdAt: new Date(start + Math.floor(i / 2) * 11_000_000),
    }));
    await insertOrdersInBulk(ctx, inputs);
    const query = { from: '2026-01-01', to: '2026-12-31' };

    // The reader asks the database 500 rows at a time.
    const batches: number[] = [];
    for await (const batch of exportBatches(ctx.database.db, query)) batches.push(batch.length);
    expect(batches).toEqual([500, 500, 500, 500, 500]);

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/export.csv?from=${query.from}&to=${query.to}`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk));
    // Written as it was read: a piece per batch, not one body built whole.
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    const rows = records(Buffer.concat(chunks).toString('utf8'));
    expect(rows.map((row) => row['Order reference'])).toEqual(inputs.map((order) => order.id));
    expect(rows.at(-1)?.['Paid at (IST)']).toBe('2026-06-09 00:23:20');
  });

  it('is for admins alone', async () => {
    const support = await createStaff(ctx, 'Sam Support', 'support');
    const instructor = await createStaff(ctx, 'Ian Instructor', 'instructor');
    const learner = await createStaff(ctx, 'Lee Learner');
    for (const who of [support, instructor, learner]) {
      const res = await exportCsv(MARCH, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('role_required');
    }
    expect((await exportCsv(MARCH, null)).statusCode).toBe(401);
    expect((await exportCsv(MARCH)).statusCode).toBe(200);
  });

  it('needs a range of at most 366 days, and refuses what is not one', async () => {
    const refused = async (query: string, detail: RegExp) => {
      const res = await exportCsv(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().detail, query).toMatch(detail);
    };
    await refused('', /from|to/);
    await refused('?from=2026-03-01', /to/);
    await refused('?to=2026-03-01', /from/);
    await refused('?from=2026-03-02&to=2026-03-01', /on or after the start date/);
    await refused('?from=2025-01-01&to=2026-01-02', /at most 366 days/);
    await refused(`${MARCH}&status=created`, /status/);
    await refused(`${MARCH}&courseId=..%2Fetc`, /courseId|lower-case/);
    // A leap year is 366 days, both ends counted: allowed.
    expect((await exportCsv('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await exportCsv('?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
  });
});
