import type { CouponQuote } from '@kaushal/contract';
import type { Db } from '../../db/client.ts';
import { paymentOrders } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { randomProviderId } from '../../providers/payments/sandbox.ts';
import { recordAudit } from '../audit/index.ts';
import type { SessionUser } from '../auth/index.ts';
import { couponLabel, priceWithCoupon, recordCouponRedemption } from '../coupons/index.ts';
import { grantAccess } from '../enrollment/index.ts';
import { type Outbox, queueWelcome } from '../mail/index.ts';
import { pricePurchase, refuseIfLifetimeEnrolled } from './orders.ts';

export interface CouponPurchase {
  courseId: string;
  pricingTierId: string | undefined;
  /** Upper-cased by the contract; compared upper-case anyway. */
  code: string;
}

/** What a code does to one purchase, priced from the catalogue and the coupon: the same sums as checkout's. */
export async function quoteCoupon(db: Db, userId: string, input: CouponPurchase, now: Date): Promise<CouponQuote> {
  const purchase = await pricePurchase(db, input.courseId, input.pricingTierId);
  const { coupon, discount, price } = await priceWithCoupon(db, {
    userId,
    courseId: input.courseId,
    tierId: purchase.tierId,
    listPricePaise: purchase.amountPaise,
    code: input.code,
    now,
  });
  return { code: coupon.code, label: couponLabel(coupon), listPrice: purchase.amountPaise, discount, price };
}

/**
 * Enrolls with a coupon that makes the price exactly ₹0, without Razorpay, in one transaction under the coupon
 * row's lock: a paid order of 0 (`free_…`, so it is in the purchase history and rebuilding access after a
 * refund keeps it), the access, the redemption, an audit record of who took it and the welcome of a first
 * enrollment. No receipt and no invoice: nothing was paid.
 */
export async function redeemFreeCoupon(
  deps: { db: Db; outbox: Outbox },
  user: SessionUser,
  input: CouponPurchase,
  now: Date,
): Promise<void> {
  const { db, outbox } = deps;
  const purchase = await pricePurchase(db, input.courseId, input.pricingTierId);
  await refuseIfLifetimeEnrolled(db, user.id, input.courseId);
  await db.transaction(async (tx) => {
    const { coupon, price } = await priceWithCoupon(tx, {
      userId: user.id,
      courseId: input.courseId,
      tierId: purchase.tierId,
      listPricePaise: purchase.amountPaise,
      code: input.code,
      now,
      lock: true,
    });
    if (price !== 0) {
      throw conflict('This coupon does not make the course free: pay the reduced price instead.', 'coupon_not_free');
    }
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        id: randomProviderId('free'),
        userId: user.id,
        courseId: input.courseId,
        pricingTierId: purchase.tierId,
        accessType: purchase.accessType,
        amountPaise: 0,
        currency: 'INR',
        status: 'paid',
        createdAt: now,
        paidAt: now,
        listPricePaise: purchase.amountPaise,
        couponId: coupon.id,
      })
      .returning();
    if (!order) throw new Error('the free order insert returned no row');
    const granted = await grantAccess(tx, {
      userId: user.id,
      courseId: input.courseId,
      accessType: purchase.accessType,
      source: 'payment',
      now,
    });
    await recordCouponRedemption(tx, order, now);
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      {
        action: 'coupon.redeem_free',
        entity: 'order',
        entityId: order.id,
        before: null,
        after: {
          couponId: coupon.id,
          code: coupon.code,
          courseId: order.courseId,
          pricingTierId: order.pricingTierId,
          accessType: order.accessType,
          listPricePaise: order.listPricePaise,
        },
      },
      now,
    );
    if (granted.created) await queueWelcome(tx, outbox, { userId: user.id, courseId: input.courseId, now });
  });
}
