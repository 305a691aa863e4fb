import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentOrders } from '../../db/schema.ts';
import { revokeCertificate } from '../certificates/index.ts';
import { grantAccess, rebuildPaidAccess } from '../enrollment/index.ts';
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

/**
 * Marks an order paid by one verified payment and grants the access it bought, in one transaction with the
 * order row locked (`select … for update`): a verify and a webhook arriving together queue on the lock, the
 * first grants, the second sees `paid` and grants nothing. The receipt (and the welcome of a first
 * enrollment) are queued in the same transaction, so they go out exactly when the payment is settled.
 */
export async function settleOrder(
  deps: { db: Db; outbox: Outbox },
  orderId: string,
  paymentId: string,
  now: Date,
): Promise<SettleResult> {
  const { db, outbox } = deps;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
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
    if (order.userId) {
      const granted = await grantAccess(tx, {
        userId: order.userId,
        courseId: order.courseId,
        accessType: order.accessType,
        source: 'payment',
        now,
      });
      await queueReceipt(tx, outbox, { orderId, accessUntil: granted.access.expiresAt, now });
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

/**
 * A full refund of a paid order: the order becomes `refunded`, the access it bought is taken back
 * (rebuilt from the learner's other standing payments for the course) and the learner's certificate for the
 * course is revoked (money back means the course was not bought). Repeats change nothing.
 */
export async function refundOrder(db: Db, orderId: string, paymentId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (order?.status !== 'paid' || order.providerPaymentId !== paymentId) return false;
    await tx.update(paymentOrders).set({ status: 'refunded', refundedAt: now }).where(eq(paymentOrders.id, orderId));
    if (order.userId) {
      await rebuildPaidAccess(tx, order.userId, order.courseId, now);
      await revokeCertificate(tx, { userId: order.userId, courseId: order.courseId, reason: 'refund', now });
    }
    return true;
  });
}
