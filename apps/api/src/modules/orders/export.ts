import { gstStateName } from '@kaushal/contract';
import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, paymentOrders, refunds } from '../../db/schema.ts';
import { csvLine, rupeesCell, UTF8_BOM } from '../../lib/csv.ts';
import { after, microsOf, type OrderPosition } from './cursor.ts';
import { istDateTime, istDaySpan } from './ist-days.ts';
import { orderSummaryQuery } from './summary.ts';

/** GET /admin/orders/export.csv's query as the contract parses it. */
export interface OrderExportQuery {
  from: string;
  to: string;
  status?: 'paid' | 'refunded' | undefined;
  courseId?: string | undefined;
}

/** Rows read per query: a year of orders streams through in pieces this size, never held whole. */
export const EXPORT_BATCH_SIZE = 500;

export const exportFileName = (query: Pick<OrderExportQuery, 'from' | 'to'>) =>
  `orders-${query.from}-to-${query.to}.csv`;

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

function exportQuery(db: Db) {
  return orderSummaryQuery(db, {
    paidMicros: microsOf(paymentOrders.paidAt),
    invoiceNumber: invoices.number,
    taxablePaise: invoices.taxablePaise,
    cgstPaise: invoices.cgstPaise,
    sgstPaise: invoices.sgstPaise,
    igstPaise: invoices.igstPaise,
  }).leftJoin(invoices, and(eq(invoices.orderId, paymentOrders.id), eq(invoices.kind, 'invoice')));
}

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['execute']>>[number];

/** Each order's credit note numbers, oldest first (reached through its refunds: both joins are indexed). */
async function creditNotesOf(db: Db, orderIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ orderId: refunds.orderId, number: invoices.number })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.refundId, refunds.id))
    .where(and(inArray(refunds.orderId, orderIds), eq(invoices.kind, 'credit_note')))
    .orderBy(asc(invoices.issuedAt), asc(invoices.seq));
  const byOrder = new Map<string, string[]>();
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row.number]);
  return byOrder;
}

function toLine(row: ExportRow, creditNotes: string[]): string {
  const { order } = row;
  const listPaise = order.listPricePaise ?? order.amountPaise;
  const billing = order.billing;
  const state = billing ? `${billing.stateCode}-${gstStateName(billing.stateCode) ?? ''}` : null;
  const invoiced = row.invoiceNumber !== null;
  const money = (paise: number | null) => (invoiced && paise !== null ? rupeesCell(paise) : null);
  return csvLine([
    order.id,
    order.providerPaymentId,
    order.paidAt ? istDateTime(order.paidAt) : null,
    order.status,
    row.courseTitle,
    row.tierTitle,
    row.learnerName,
    row.learnerEmail,
    billing?.gstin,
    state,
    rupeesCell(listPaise),
    rupeesCell(listPaise - order.amountPaise),
    row.couponCode,
    rupeesCell(order.amountPaise),
    rupeesCell(order.refundedPaise),
    row.invoiceNumber,
    money(row.taxablePaise),
    money(row.cgstPaise),
    money(row.sgstPaise),
    money(row.igstPaise),
    creditNotes.join(' '),
  ]);
}

/**
 * The export's orders, oldest payment first, a batch at a time: each query starts after the last row of the
 * one before (paid_at, id), so memory holds one batch however long the range, and an order paid while the
 * export runs can neither repeat nor push another out. Which orders: paid (in full or in part refunded since)
 * or refunded, paid on the days from `from` to `to` in India; the refunds and credit notes are as they stand now.
 */
export async function* exportBatches(
  db: Db,
  query: OrderExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  const { start, end } = istDaySpan(query.from, query.to);
  const filters: SQL[] = [
    query.status ? eq(paymentOrders.status, query.status) : inArray(paymentOrders.status, ['paid', 'refunded']),
  ];
  if (start) filters.push(gte(paymentOrders.paidAt, start));
  if (end) filters.push(lt(paymentOrders.paidAt, end));
  if (query.courseId) filters.push(eq(paymentOrders.courseId, query.courseId));
  let position: OrderPosition | undefined;
  for (;;) {
    const rows = await exportQuery(db)
      .where(and(...filters, position ? after(paymentOrders.paidAt, paymentOrders.id, position) : undefined))
      .orderBy(asc(paymentOrders.paidAt), asc(paymentOrders.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    position = { micros: last.paidMicros, id: last.order.id };
  }
}

/**
 * The CSV, one piece per batch of rows: the first carries the BOM and the header, so asking for it runs the
 * first query (an outage is then an error answer, not a file cut short after its header).
 */
export async function* orderExportCsv(
  db: Db,
  query: OrderExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  let head = `${UTF8_BOM}${csvLine(HEADER)}`;
  for await (const rows of exportBatches(db, query, batchSize)) {
    const creditNotes = await creditNotesOf(
      db,
      rows.map((row) => row.order.id),
    );
    yield head + rows.map((row) => toLine(row, creditNotes.get(row.order.id) ?? [])).join('');
    head = '';
  }
  if (head) yield head;
}
