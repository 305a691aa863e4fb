import { and, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, paymentOrders } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { formatRupees } from '../../lib/money.ts';
import { formatIndianDateTime } from '../mail/index.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** How long an unpaid order with a coupon holds a place under the coupon's caps (decision 024). */
export const COUPON_HOLD_MS = 30 * 60 * 1000;
/** Razorpay takes no payment under ₹1: a coupon may bring a price to ₹0 (no checkout) or to ₹1 and above. */
export const RAZORPAY_MINIMUM_PAISE = 100;

export const COUPON_NOT_VALID = 'That coupon code is not valid.';

/** "20% off", "₹500 off". */
export function couponLabel(coupon: Pick<CouponRow, 'kind' | 'value'>): string {
  return coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatRupees(coupon.value)} off`;
}

/** Paise off a list price: a percentage rounds down to whole paise; never more than the price itself. */
export function discountOf(coupon: Pick<CouponRow, 'kind' | 'value'>, listPricePaise: number): number {
  const discount =
    coupon.kind === 'percent'
      ? Math.floor((listPricePaise * coupon.value) / 100)
      : Math.min(coupon.value, listPricePaise);
  return Math.max(0, Math.min(discount, listPricePaise));
}

export interface PriceWithCouponInput {
  userId: string;
  courseId: string;
  /** The pricing tier bought, or null for the course's own (lifetime) price. */
  tierId: string | null;
  listPricePaise: number;
  /** As the learner typed it: compared upper-case. */
  code: string;
  now: Date;
  /**
   * Lock the coupon row (`for update`) until the caller's transaction ends: the check and the write that
   * follows it (an order that holds a place, a ₹0 redemption) then meet the coupon's other users one at a time.
   */
  lock?: boolean;
}

export interface CouponPrice {
  coupon: CouponRow;
  discount: number;
  /** Paise to pay: 0, or at least Razorpay's minimum. */
  price: number;
}

/**
 * What the coupon makes of one purchase, or the 4xx saying why it cannot be used: unknown (404); inactive, not
 * started, expired, for other courses or tiers, used up in all or by this learner, or leaving a price Razorpay
 * cannot take (409). The caps count settled redemptions and the places held by unpaid orders under 30 minutes
 * old, except the learner's own for this course: buying it again (a checkout closed and opened again) replaces
 * them rather than needing a second place.
 */
export async function priceWithCoupon(db: Db, input: PriceWithCouponInput): Promise<CouponPrice> {
  const code = input.code.trim().toUpperCase();
  const query = db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  const [coupon] = input.lock ? await query.for('update') : await query;
  if (!coupon) throw notFound(COUPON_NOT_VALID, 'coupon_not_found');
  refuseOutsideWindow(coupon, input.now);
  refuseOutOfScope(coupon, input.courseId, input.tierId);
  await refuseOverCap(db, coupon, input);

  const discount = discountOf(coupon, input.listPricePaise);
  const price = input.listPricePaise - discount;
  if (price > 0 && price < RAZORPAY_MINIMUM_PAISE) {
    throw conflict(
      `With this coupon the price would be ${formatRupees(price)}, and Razorpay's minimum is ₹1, so it cannot be used for this purchase.`,
      'coupon_below_minimum',
    );
  }
  return { coupon, discount, price };
}

function refuseOutsideWindow(coupon: CouponRow, now: Date) {
  if (!coupon.active) throw conflict('This coupon is no longer active.', 'coupon_inactive');
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) {
    throw conflict(
      `This coupon is not valid yet: it can be used from ${formatIndianDateTime(coupon.startsAt)}.`,
      'coupon_not_started',
    );
  }
  if (coupon.endsAt && coupon.endsAt.getTime() <= now.getTime()) {
    throw conflict('This coupon has expired.', 'coupon_expired');
  }
}

function refuseOutOfScope(coupon: CouponRow, courseId: string, tierId: string | null) {
  if (coupon.scope === 'courses' && !coupon.courseIds.includes(courseId)) {
    throw conflict('This coupon is not valid for this course.', 'coupon_not_applicable');
  }
  if (coupon.scope === 'tiers' && (tierId === null || !coupon.tierIds.includes(tierId))) {
    throw conflict('This coupon is not valid for this pricing option.', 'coupon_not_applicable');
  }
}

async function refuseOverCap(db: Db, coupon: CouponRow, input: PriceWithCouponInput) {
  if (coupon.maxRedemptions === null && coupon.perLearnerLimit === null) return;
  const { userId, courseId, now } = input;
  const [held] = await db
    .select({
      all: count(),
      learners: sql<number>`count(*) filter (where ${paymentOrders.userId} = ${userId})`.mapWith(Number),
    })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.couponId, coupon.id),
        inArray(paymentOrders.status, ['created', 'failed']),
        gt(paymentOrders.createdAt, new Date(now.getTime() - COUPON_HOLD_MS)),
        // Not this learner's own earlier attempts at this course (orders of deleted accounts still hold).
        or(isNull(paymentOrders.userId), ne(paymentOrders.userId, userId), ne(paymentOrders.courseId, courseId)),
      ),
    );
  if (coupon.maxRedemptions !== null && coupon.redemptions + (held?.all ?? 0) >= coupon.maxRedemptions) {
    throw conflict('This coupon has been fully redeemed.', 'coupon_exhausted');
  }
  if (coupon.perLearnerLimit !== null) {
    const [settled] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)));
    if ((settled?.n ?? 0) + (held?.learners ?? 0) >= coupon.perLearnerLimit) {
      throw conflict(
        coupon.perLearnerLimit === 1
          ? 'You have already used this coupon.'
          : `You have already used this coupon ${coupon.perLearnerLimit} times, as many as it allows.`,
        'coupon_limit_reached',
      );
    }
  }
}
