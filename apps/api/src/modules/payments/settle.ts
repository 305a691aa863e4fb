import { and, eq, ne } from 'drizzle-orm';
import type { InvoicingConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockPaymentOrder } from '../../db/payment-order-lock.ts';
import { paymentOrders } from '../../db/schema.ts';
import { recordCouponRedemption } from '../coupons/index.ts';
import { grantAccess } from '../enrollment/index.ts';
import { issueInvoice } from '../invoices/index.ts';
import { type Outbox, queueReceipt, queueWelcome } from '../mail/index.ts';

export type SettleResult =
  | { kind: 'granted' }
  /** The same payment again (a repeated verify, a webhook after verify, a duplicate delivery). */
  | { kind: 'already_settled' }
  /**
   * The order was paid by a different payment, or refunded, or the payment already paid another order
   * (one payment pays one order): nothing is granted.
   */
  | { kind: 'refused'; reason: 'paid_by_other_payment' | 'refunded' | 'payment_used_by_other_order' }
  | { kind: 'unknown_order' };

export interface SettleDeps {
  db: Db;
  outbox: Outbox;
  invoicing: InvoicingConfig;
}

/**
 * Marks an order paid by one verified payment and grants the access it bought, in one transaction with the
 * order row locked (`select … for update`): a verify and a webhook arriving together queue on the lock, the
 * first grants, the second sees `paid` and grants nothing. The tax invoice is issued, and the receipt (with
 * the invoice attached) and the welcome of a first enrollment are queued, in the same transaction, so they
 * exist exactly when the payment is settled (and an invoice number is never taken by a payment that did not).
 */
export async function settleOrder(
  deps: SettleDeps,
  orderId: string,
  paymentId: string,
  now: Date,
): Promise<SettleResult> {
  const { db, outbox } = deps;
  return db.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, orderId);
    if (!order) return { kind: 'unknown_order' };
    if (order.status === 'paid') {
      return order.providerPaymentId === paymentId
        ? { kind: 'already_settled' }
        : { kind: 'refused', reason: 'paid_by_other_payment' };
    }
    if (order.status === 'refunded') return { kind: 'refused', reason: 'refunded' };
    // Checked before the update: the unique index would refuse it too, but as a 500 (and a webhook redelivered forever).
    const [elsewhere] = await tx
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.providerPaymentId, paymentId), ne(paymentOrders.id, orderId)))
      .limit(1);
    if (elsewhere) return { kind: 'refused', reason: 'payment_used_by_other_order' };
    // 'created' or 'failed': a failed attempt does not close an order; the learner may pay it on a retry.
    await tx
      .update(paymentOrders)
      .set({ status: 'paid', providerPaymentId: paymentId, paidAt: now })
      .where(eq(paymentOrders.id, orderId));
    const invoice = await issueInvoice(tx, deps.invoicing, orderId, now);
    // Under the order's lock and in this transaction: the coupon counts once, exactly when the payment settles.
    await recordCouponRedemption(tx, order, now);
    if (order.userId) {
      const granted = await grantAccess(tx, {
        userId: order.userId,
        courseId: order.courseId,
        accessType: order.accessType,
        source: 'payment',
        now,
      });
      await queueReceipt(tx, outbox, { orderId, accessUntil: granted.access.expiresAt, invoice, now });
      if (granted.created) await queueWelcome(tx, outbox, { userId: order.userId, courseId: order.courseId, now });
    }
    return { kind: 'granted' };
  });
}

/** A failed attempt is recorded only on an order nobody paid yet. */
export async function markOrderFailed(db: Db, orderId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('update');
    if (order?.status !== 'created') return false;
    await tx.update(paymentOrders).set({ status: 'failed' }).where(eq(paymentOrders.id, orderId));
    return true;
  });
}
