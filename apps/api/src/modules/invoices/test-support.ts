import { gstinCheckCharacter, paymentOrderSchema, sandboxPaymentSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import { type Learner, post } from '../../../test/payments.ts';
import { type OrderBilling, paymentOrders } from '../../db/schema.ts';

/** Helpers for the invoice tests: a well-formed GSTIN, and an order paid through the sandbox with billing. */

/** A GSTIN with its check character, from its first fourteen characters (state code first). */
export const gstinOf = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

/** Creates an order, sets its billing copy (as createOrder copies the profile), pays it in the sandbox. */
export async function orderWithBilling(
  ctx: TestContext,
  learner: Learner,
  options: { courseId?: string; tierId?: string; billing?: OrderBilling | null } = {},
) {
  const created = await post(ctx, '/api/v1/payments/create-order', learner, {
    courseId: options.courseId ?? 'rag-from-scratch',
    pricingTierId: options.tierId ?? 'rag-from-scratch-lifetime',
  });
  expect(created.statusCode, created.body).toBe(200);
  const order = paymentOrderSchema.parse(created.json());
  await ctx.database.db
    .update(paymentOrders)
    .set({ billing: options.billing ?? null })
    .where(eq(paymentOrders.id, order.orderId));
  const paid = await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: order.orderId });
  expect(paid.statusCode, paid.body).toBe(200);
  return { order, payment: sandboxPaymentSchema.parse(paid.json()) };
}

/** The same, verified: the order is paid and invoiced. */
export async function paidOrder(
  ctx: TestContext,
  learner: Learner,
  options: { courseId?: string; tierId?: string; billing?: OrderBilling | null } = {},
) {
  const { order, payment } = await orderWithBilling(ctx, learner, options);
  const verified = await post(ctx, '/api/v1/payments/verify', learner, payment);
  expect(verified.statusCode, verified.body).toBe(200);
  return { order, payment };
}
