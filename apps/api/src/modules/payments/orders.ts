import { randomBytes } from 'node:crypto';
import type { PaymentOrder, PaymentStatus } from '@kaushal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, paymentOrders, pricingTiers } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import type { SessionUser } from '../auth/index.ts';
import { billingSnapshot } from '../billing/index.ts';
import { priceWithCoupon } from '../coupons/index.ts';
import { findEnrollment } from '../enrollment/index.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;

export const ORDER_NOT_FOUND = 'We could not find that payment order.';

/** Lifetime access already held: buying the course again (by payment or a ₹0 coupon) would add nothing. */
export async function refuseIfLifetimeEnrolled(db: Db, userId: string, courseId: string): Promise<void> {
  const current = await findEnrollment(db, userId, courseId);
  if (current?.accessType === 'permanent') {
    throw conflict('You already have lifetime access to this course.', 'already_enrolled');
  }
}

interface Purchase {
  courseTitle: string;
  tierTitle: string | null;
  tierId: string | null;
  accessType: 'permanent' | 'weekly';
  amountPaise: number;
}

/** What is being bought and for how much, from our own catalogue: never from the client. */
export async function pricePurchase(db: Db, courseId: string, tierId: string | undefined): Promise<Purchase> {
  const [course] = await db
    .select({ title: courses.title, pricePaise: courses.pricePaise })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.published, true)))
    .limit(1);
  if (!course) throw notFound('We could not find that course.', 'course_not_found');
  if (course.pricePaise === 0) {
    throw badRequest('This course is free. Enroll for free instead of paying.', 'course_is_free');
  }
  if (tierId === undefined) {
    // No tier named: the course's own price buys lifetime access (the price shown on course cards).
    return {
      courseTitle: course.title,
      tierTitle: null,
      tierId: null,
      accessType: 'permanent',
      amountPaise: course.pricePaise,
    };
  }
  const [tier] = await db
    .select({
      title: pricingTiers.title,
      pricePaise: pricingTiers.pricePaise,
      accessType: pricingTiers.accessType,
      archived: pricingTiers.archived,
    })
    .from(pricingTiers)
    .where(and(eq(pricingTiers.id, tierId), eq(pricingTiers.courseId, courseId)))
    .limit(1);
  if (!tier) throw badRequest('That pricing option is not available for this course.', 'unknown_pricing_tier');
  if (tier.pricePaise <= 0) throw badRequest('That pricing option cannot be bought.', 'unknown_pricing_tier');
  if (tier.archived) {
    throw badRequest(
      'That pricing option is no longer offered. Reload the page to see the current ones.',
      'tier_archived',
    );
  }
  return {
    courseTitle: course.title,
    tierTitle: tier.title,
    tierId,
    accessType: tier.accessType,
    amountPaise: tier.pricePaise,
  };
}

export interface CreateOrderInput {
  user: SessionUser;
  courseId: string;
  pricingTierId: string | undefined;
  /** Priced by the server (priceWithCoupon); a ₹0 price is refused here: POST /payments/redeem-coupon enrolls. */
  couponCode?: string | undefined;
  productName: string;
  now: Date;
}

/**
 * Prices the purchase, asks the provider for an order and stores it as `created`. Nothing is granted here:
 * access follows only a verified payment (verify or webhook). A provider failure throws before anything is
 * stored, so a retry starts clean.
 */
export async function createOrder(db: Db, provider: PaymentProvider, input: CreateOrderInput): Promise<PaymentOrder> {
  const purchase = await pricePurchase(db, input.courseId, input.pricingTierId);
  await refuseIfLifetimeEnrolled(db, input.user.id, input.courseId);
  const couponPrice = (tx: Db, lock: boolean) =>
    input.couponCode === undefined
      ? null
      : priceWithCoupon(tx, {
          userId: input.user.id,
          courseId: input.courseId,
          tierId: purchase.tierId,
          listPricePaise: purchase.amountPaise,
          code: input.couponCode,
          now: input.now,
          lock,
        });
  const priced = await couponPrice(db, false);
  if (priced?.price === 0) {
    throw conflict('This coupon makes the course free: enroll with it instead of paying.', 'use_redeem_coupon');
  }
  const amountPaise = priced ? priced.price : purchase.amountPaise;
  const order = await provider.createOrder({
    amountPaise,
    currency: 'INR',
    receipt: `rcpt_${randomBytes(12).toString('hex')}`,
    notes: {
      courseId: input.courseId,
      pricingTierId: purchase.tierId ?? '',
      userId: input.user.id,
      couponCode: priced?.coupon.code ?? '',
    },
  });
  await db.transaction(async (tx) => {
    // The coupon again, under its row's lock: orders racing for its last place take it one at a time (the
    // loser's provider order is left unused), and a coupon changed meanwhile is not charged at the old price.
    const held = await couponPrice(tx, true);
    if (held && held.price !== amountPaise) {
      throw conflict(
        'This coupon changed while you were checking out. Check the price and try again.',
        'coupon_changed',
      );
    }
    await tx.insert(paymentOrders).values({
      id: order.id,
      userId: input.user.id,
      courseId: input.courseId,
      pricingTierId: purchase.tierId,
      accessType: purchase.accessType,
      amountPaise: order.amountPaise,
      currency: order.currency,
      status: 'created',
      createdAt: input.now,
      listPricePaise: purchase.amountPaise,
      couponId: held?.coupon.id ?? null,
      // The buyer as billed now: the invoice issued when it is paid shows this, whatever changes later.
      billing: await billingSnapshot(tx, input.user.id),
    });
  });
  return {
    keyId: provider.keyId,
    amount: order.amountPaise,
    currency: 'INR',
    name: input.productName,
    description: purchase.tierTitle ? `${purchase.courseTitle} - ${purchase.tierTitle}` : purchase.courseTitle,
    orderId: order.id,
    prefill: { name: input.user.name, email: input.user.email },
  };
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).limit(1);
  return order;
}

/** The caller's own order; anyone else's answers exactly like one that does not exist. */
export async function findOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
  return order;
}

/** The learner's orders, newest first. */
export async function listOwnOrders(db: Db, userId: string): Promise<PaymentStatus[]> {
  const orders = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id));
  return orders.map(toPaymentStatus);
}

export function toPaymentStatus(order: OrderRow): PaymentStatus {
  return {
    orderId: order.id,
    courseId: order.courseId,
    pricingTierId: order.pricingTierId,
    amount: order.amountPaise,
    currency: 'INR',
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
  };
}
