import type { InvoiceRef, Purchase } from '@kaushal/contract';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, courses, invoices, paymentOrders, pricingTiers, refunds } from '../../db/schema.ts';
import { eligibilityOf, toRefund } from '../refunds/index.ts';

/**
 * The learner's purchase history, newest first: every order that reached the payment step (an order created
 * but never paid is left out: it was a checkout opened and closed), with its invoice, credit notes, refunds and
 * what the refund policy allows now.
 */
export async function listPurchases(db: Db, userId: string, now: Date): Promise<Purchase[]> {
  const rows = await db
    .select({
      order: paymentOrders,
      courseTitle: courses.title,
      tierTitle: pricingTiers.title,
      couponCode: coupons.code,
    })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(pricingTiers, eq(pricingTiers.id, paymentOrders.pricingTierId))
    .leftJoin(coupons, eq(coupons.id, paymentOrders.couponId))
    .where(and(eq(paymentOrders.userId, userId), ne(paymentOrders.status, 'created')))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(200);
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.order.id);
  const [documents, orderRefunds] = await Promise.all([
    db.select().from(invoices).where(inArray(invoices.orderId, orderIds)).orderBy(invoices.issuedAt),
    db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(desc(refunds.createdAt)),
  ]);
  const ref = (doc: (typeof documents)[number]): InvoiceRef => ({
    id: doc.id,
    number: doc.number,
    amount: doc.totalPaise,
    issuedAt: doc.issuedAt.toISOString(),
  });
  const purchases: Purchase[] = [];
  for (const { order, courseTitle, tierTitle, couponCode } of rows) {
    const own = orderRefunds.filter((refund) => refund.orderId === order.id);
    const docs = documents.filter((doc) => doc.orderId === order.id);
    const invoice = docs.find((doc) => doc.kind === 'invoice');
    purchases.push({
      orderId: order.id,
      courseId: order.courseId,
      courseTitle,
      tierTitle,
      status: order.status,
      amount: order.amountPaise,
      listAmount: order.listPricePaise ?? order.amountPaise,
      couponCode,
      refundedAmount: order.refundedPaise,
      paymentId: order.providerPaymentId,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt ? order.paidAt.toISOString() : null,
      refundedAt: order.refundedAt ? order.refundedAt.toISOString() : null,
      invoice: invoice ? ref(invoice) : null,
      creditNotes: docs.filter((doc) => doc.kind === 'credit_note').map(ref),
      refunds: own.map(toRefund),
      eligibility: await eligibilityOf(db, order, own, now),
    });
  }
  return purchases;
}
