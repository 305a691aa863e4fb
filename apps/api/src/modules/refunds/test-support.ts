import { paymentOrderSchema, purchaseListSchema } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import { get, hmac, type Learner, post } from '../../../test/payments.ts';
import { emailMessages, invoices, lessonProgress, lessons, refunds } from '../../db/schema.ts';

/** Buys a course tier: create-order, a payment signed with `keySecret` (sandbox's or the fake Razorpay's), verify. */
export async function buy(
  ctx: TestContext,
  learner: Learner,
  courseId: string,
  pricingTierId: string,
  pay: (orderId: string) => Promise<Record<string, string>>,
) {
  const created = await post(ctx, '/api/v1/payments/create-order', learner, { courseId, pricingTierId });
  expect(created.statusCode).toBe(200);
  const order = paymentOrderSchema.parse(created.json());
  const payment = await pay(order.orderId);
  const verified = await post(ctx, '/api/v1/payments/verify', learner, payment);
  expect(verified.statusCode).toBe(200);
  return { orderId: order.orderId, amount: order.amount, paymentId: payment.razorpay_payment_id as string };
}

/** The sandbox's "card was charged" for the learner's order. */
export function sandboxPayment(ctx: TestContext, learner: Learner) {
  return async (orderId: string) => (await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId })).json();
}

/** What Razorpay's checkout hands the page after a payment, signed with the (fake's) key secret. */
export function razorpayPayment(keySecret: string) {
  let n = 0;
  return async (orderId: string) => {
    n += 1;
    const paymentId = `pay_TESTREFUND${String(n).padStart(4, '0')}${Date.now() % 100_000}`;
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmac(keySecret, `${orderId}|${paymentId}`),
    };
  };
}

/** Marks `share` (0–1) of every video lesson of the course watched, honestly (distinct seconds). */
export async function watchShare(ctx: TestContext, learner: Learner, courseId: string, share: number) {
  const rows = await ctx.database.db
    .select({ id: lessons.id, duration: lessons.durationSeconds })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  for (const lesson of rows) {
    const watched = Math.floor(lesson.duration * share);
    await ctx.database.db
      .insert(lessonProgress)
      .values({
        userId: learner.id,
        lessonId: lesson.id,
        courseId,
        watchedSeconds: watched,
        watchedRanges: watched > 0 ? [[0, watched]] : [],
        resumeSeconds: watched,
      })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { watchedSeconds: watched, watchedRanges: watched > 0 ? [[0, watched]] : [] },
      });
  }
}

export async function purchasesOf(ctx: TestContext, learner: Learner) {
  const res = await get(ctx, '/api/v1/users/me/purchases', learner);
  expect(res.statusCode).toBe(200);
  return purchaseListSchema.parse(res.json()).purchases;
}

export async function refundsOf(ctx: TestContext, orderId: string) {
  return ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

export async function creditNotesOf(ctx: TestContext, orderId: string) {
  return ctx.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
}

export async function refundMailsTo(ctx: TestContext, learner: Learner) {
  return ctx.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.userId, learner.id), eq(emailMessages.kind, 'refund')));
}
