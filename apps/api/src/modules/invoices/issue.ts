import { and, eq, sql, sum } from 'drizzle-orm';
import type { InvoicingConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { lockPaymentOrder } from '../../db/payment-order-lock.ts';
import { courses, invoiceCounters, invoices, paymentOrders, pricingTiers, users } from '../../db/schema.ts';
import {
  buildCreditNoteDocument,
  buildInvoiceDocument,
  type InvoiceDocument,
  type IssueStamp,
  invoiceDocumentSchema,
} from './document.ts';
import { financialYearOf, formatInvoiceNumber } from './numbering.ts';

/** An issued invoice or credit note, as its issuers need it. */
export interface IssuedInvoice {
  id: string;
  number: string;
}

type Series = 'invoice' | 'credit_note';

/**
 * The next number of a series in the financial year of `now`, taken inside the caller's transaction: the
 * upsert locks the counter row until the transaction ends, so concurrent issuers queue on it, and a
 * transaction that rolls back gives its number back. No number is skipped or used twice.
 */
async function takeNumber(tx: Tx, series: Series, prefix: string, now: Date): Promise<IssueStamp & { seq: number }> {
  const financialYear = financialYearOf(now);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear: financialYear.label, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` },
    })
    .returning({ seq: invoiceCounters.lastSeq });
  if (!counter) throw new Error('the invoice counter returned no row');
  const number = formatInvoiceNumber(prefix, financialYear.short, counter.seq);
  return { number, issuedAt: now, financialYear, seq: counter.seq };
}

/**
 * Locks the order row for the rest of the transaction (a settling transaction holds it already): two issuers
 * for one order queue here, and the second finds what the first issued.
 */
async function lockOrder(tx: Tx, orderId: string) {
  const order = await lockPaymentOrder(tx, orderId);
  if (!order) throw new Error(`no payment order ${orderId}`);
  return order;
}

async function insertDocument(
  tx: Tx,
  document: InvoiceDocument,
  row: { seq: number; orderId: string; userId: string | null; refundId?: string; invoiceId?: string; issuedAt: Date },
): Promise<IssuedInvoice> {
  const [inserted] = await tx
    .insert(invoices)
    .values({
      kind: document.kind,
      number: document.number,
      financialYear: document.financialYear,
      seq: row.seq,
      orderId: row.orderId,
      refundId: row.refundId ?? null,
      invoiceId: row.invoiceId ?? null,
      userId: row.userId,
      issuedAt: row.issuedAt,
      totalPaise: document.totalPaise,
      taxablePaise: document.taxablePaise,
      cgstPaise: document.cgstPaise,
      sgstPaise: document.sgstPaise,
      igstPaise: document.igstPaise,
      details: document,
    })
    .returning({ id: invoices.id, number: invoices.number });
  if (!inserted) throw new Error('the invoice insert returned no row');
  return inserted;
}

/**
 * The tax invoice of a paid order, issued inside the transaction that settles it (decision 024), so the
 * invoice exists exactly when the payment does. An order that has one gets the same one back; a ₹0 order (a
 * coupon's free enrollment) gets none (null).
 */
export async function issueInvoice(
  tx: Tx,
  invoicing: InvoicingConfig,
  orderId: string,
  now: Date,
): Promise<IssuedInvoice | null> {
  const order = await lockOrder(tx, orderId);
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (existing) return existing;
  if (order.amountPaise === 0) return null;
  if (order.status !== 'paid' && order.status !== 'refunded') {
    throw new Error(`order ${orderId} is ${order.status}: only a paid order is invoiced`);
  }
  const [facts] = await tx
    .select({
      accountName: users.name,
      accountEmail: users.email,
      courseTitle: courses.title,
      tierTitle: pricingTiers.title,
    })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(users, eq(users.id, paymentOrders.userId))
    .leftJoin(pricingTiers, eq(pricingTiers.id, paymentOrders.pricingTierId))
    .where(eq(paymentOrders.id, orderId));
  if (!facts) throw new Error(`no course for order ${orderId}`);
  const stamp = await takeNumber(tx, 'invoice', invoicing.invoicePrefix, now);
  const document = buildInvoiceDocument(
    {
      order,
      account:
        facts.accountName !== null && facts.accountEmail !== null
          ? { name: facts.accountName, email: facts.accountEmail }
          : null,
      courseTitle: facts.courseTitle,
      tierTitle: facts.tierTitle,
    },
    invoicing,
    stamp,
  );
  return insertDocument(tx, document, { seq: stamp.seq, orderId, userId: order.userId, issuedAt: now });
}

export interface CreditNoteInput {
  refundId: string;
  orderId: string;
  /** Paise refunded: more than 0, and with the order's earlier credit notes at most its invoice's total. */
  amountPaise: number;
  reason: string | null;
}

/**
 * The credit note of a processed refund, in its own series, referring to the order's invoice (issued first
 * when the order was paid before invoices existed), inside the transaction that records the refund. Once per
 * refund: the same refund gets the same credit note back.
 */
export async function issueCreditNote(
  tx: Tx,
  invoicing: InvoicingConfig,
  input: CreditNoteInput,
  now: Date,
): Promise<IssuedInvoice> {
  const order = await lockOrder(tx, input.orderId);
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.refundId, input.refundId))
    .limit(1);
  if (existing) return existing;
  const issued = await issueInvoice(tx, invoicing, input.orderId, now);
  if (!issued) throw new Error(`order ${input.orderId} cost nothing: there is nothing to credit`);
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, issued.id));
  if (!invoice) throw new Error(`invoice ${issued.id} vanished`);
  const [credited] = await tx
    .select({ paise: sum(invoices.totalPaise).mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
  const left = invoice.totalPaise - (credited?.paise ?? 0);
  if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0 || input.amountPaise > left) {
    throw new RangeError(`a credit note of ${input.amountPaise} paise: ${left} paise of ${invoice.number} are left`);
  }
  const stamp = await takeNumber(tx, 'credit_note', invoicing.creditNotePrefix, now);
  const document = buildCreditNoteDocument(
    invoiceDocumentSchema.parse(invoice.details),
    { amountPaise: input.amountPaise, reason: input.reason },
    stamp,
  );
  return insertDocument(tx, document, {
    seq: stamp.seq,
    orderId: input.orderId,
    userId: order.userId,
    refundId: input.refundId,
    invoiceId: invoice.id,
    issuedAt: now,
  });
}
