import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { couponRedemptions, coupons, type paymentOrders } from '../../db/schema.ts';

type SettledOrder = Pick<typeof paymentOrders.$inferSelect, 'id' | 'userId' | 'courseId' | 'couponId'>;

/**
 * Counts the coupon of an order that has just been paid (or a ₹0 enrollment), inside the settling transaction
 * and under the coupon row's lock. The redemption is keyed by the order (`coupon_redemptions.order_id` is
 * unique), so a verify and a webhook settling the same order count it once: the second inserts nothing and
 * leaves the counter alone. Answers whether this call counted it.
 */
export async function recordCouponRedemption(tx: Tx, order: SettledOrder, now: Date): Promise<boolean> {
  if (!order.couponId) return false;
  await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, order.couponId)).for('update');
  const inserted = await tx
    .insert(couponRedemptions)
    .values({
      couponId: order.couponId,
      userId: order.userId,
      orderId: order.id,
      courseId: order.courseId,
      redeemedAt: now,
    })
    .onConflictDoNothing({ target: couponRedemptions.orderId })
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) return false;
  await tx
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(eq(coupons.id, order.couponId));
  return true;
}
