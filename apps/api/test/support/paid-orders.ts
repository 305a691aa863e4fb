import type { InvoicingConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import { paymentOrders, refunds } from '../../src/db/schema.ts';
import { issueInvoice } from '../../src/modules/invoices/index.ts';

/**
 * Test-only: orders as a settled payment leaves them, and a learner's cancellation request, written straight
 * into the database for suites that need many (buying through the API is tested in modules/payments and
 * modules/refunds).
 */

export interface PaidOrderInput {
  /** `order_…`; its payment is `pay_…` with the same suffix. */
  id: string;
  userId: string;
  courseId: string;
  paidAt: Date;
  amountPaise?: number;
}

/** A paid order (lifetime access), invoiced as its settlement would when `invoicing` is given. */
export async function insertPaidOrder(
  db: Db,
  input: PaidOrderInput,
  invoicing?: InvoicingConfig,
): Promise<{ orderId: string; invoiceId: string | null }> {
  await db.insert(paymentOrders).values({
    id: input.id,
    userId: input.userId,
    courseId: input.courseId,
    accessType: 'permanent',
    amountPaise: input.amountPaise ?? 99_900,
    status: 'paid',
    providerPaymentId: input.id.replace(/^order_/, 'pay_'),
    createdAt: input.paidAt,
    paidAt: input.paidAt,
  });
  if (!invoicing) return { orderId: input.id, invoiceId: null };
  const invoice = await db.transaction((tx) => issueInvoice(tx, invoicing, input.id, input.paidAt));
  if (!invoice) throw new Error(`order ${input.id} was not invoiced`);
  return { orderId: input.id, invoiceId: invoice.id };
}

/** The order's learner asks support to cancel it (the open request support decides). */
export async function insertCancellationRequest(db: Db, order: PaidOrderInput, now: Date): Promise<string> {
  const [request] = await db
    .insert(refunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      kind: 'request',
      status: 'requested',
      amountPaise: order.amountPaise ?? 99_900,
      reason: 'Bought the wrong course',
      completionPercent: 0,
      hoursSincePayment: (now.getTime() - order.paidAt.getTime()) / 3_600_000,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  if (!request) throw new Error(`no cancellation request of ${order.id}`);
  return request.id;
}
