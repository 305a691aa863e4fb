import type { AdminOrderSummary } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { coupons, courses, paymentOrders, pricingTiers, users } from '../../db/schema.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;

/** An order with the names the console shows beside it: its course, tier, coupon and learner. */
export interface OrderSummaryRow {
  order: OrderRow;
  courseTitle: string;
  tierTitle: string | null;
  couponCode: string | null;
  learnerName: string | null;
  learnerEmail: string | null;
}

const summaryColumns = {
  order: paymentOrders,
  courseTitle: courses.title,
  tierTitle: pricingTiers.title,
  couponCode: coupons.code,
  learnerName: users.name,
  learnerEmail: users.email,
};

/**
 * Orders joined to what the console names them by, with any `extra` columns (a keyset position, invoice
 * figures); the caller adds the where, order and limit.
 */
export function orderSummaryQuery<Extra extends SelectedFields = Record<never, never>>(
  db: Db | Tx,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(pricingTiers, eq(pricingTiers.id, paymentOrders.pricingTierId))
    .leftJoin(coupons, eq(coupons.id, paymentOrders.couponId))
    .leftJoin(users, eq(users.id, paymentOrders.userId));
}

/** One order as the console lists it (a deleted account leaves no learner). */
export function toOrderSummary(row: OrderSummaryRow): AdminOrderSummary {
  const { order } = row;
  return {
    orderId: order.id,
    paymentId: order.providerPaymentId,
    status: order.status,
    amount: order.amountPaise,
    refundedAmount: order.refundedPaise,
    courseId: order.courseId,
    courseTitle: row.courseTitle,
    tierTitle: row.tierTitle,
    couponCode: row.couponCode,
    learner:
      order.userId && row.learnerName !== null && row.learnerEmail !== null
        ? { id: order.userId, name: row.learnerName, email: row.learnerEmail }
        : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
  };
}
