import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, paymentOrders } from '../../src/db/schema.ts';
import { createSandboxProvider } from '../../src/providers/payments/sandbox.ts';
import { TEST_ORIGIN, useTestApp } from '../app.ts';
import { freshAddress, insertLearner, type TestLearner } from '../support/learners.ts';
import { hmacHex } from './fixture.ts';

/**
 * One payment pays one order. A payment id already settled on one order and presented again for another
 * (genuinely signed for that pair, which takes the key secret: a leak, or a provider fault) must be refused
 * with a clear 409 by verify and ignored by the webhook: never a 500, and never a second grant.
 */
describe('a payment presented for a second order', () => {
  const ctx = useTestApp();

  async function twoOrders() {
    const first = await insertLearner(ctx.database.db, ctx.clock.now, 'First');
    const second = await insertLearner(ctx.database.db, ctx.clock.now, 'Second');
    const order = async (learner: TestLearner, id: string) => {
      await ctx.database.db.insert(paymentOrders).values({
        id,
        userId: learner.id,
        courseId: 'rag-from-scratch',
        pricingTierId: 'rag-from-scratch-weekly',
        accessType: 'weekly',
        amountPaise: 99_900,
        createdAt: ctx.clock.now,
      });
      return id;
    };
    const { keySecret, webhookSecret } = createSandboxProvider(ctx.app.deps.config.sessionSecret);
    return {
      first,
      second,
      firstOrder: await order(first, 'order_REPLAYFIRST01'),
      secondOrder: await order(second, 'order_REPLAYSECOND1'),
      keySecret,
      webhookSecret,
    };
  }

  const verify = (learner: TestLearner, orderId: string, paymentId: string, keySecret: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/verify',
      remoteAddress: freshAddress(),
      headers: { origin: TEST_ORIGIN, cookie: learner.cookie },
      payload: {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmacHex(keySecret, `${orderId}|${paymentId}`),
      },
    });

  it('is refused by verify with a 409 and a readable detail', async () => {
    const w = await twoOrders();
    expect((await verify(w.first, w.firstOrder, 'pay_REPLAYED000001', w.keySecret)).statusCode).toBe(200);
    const replay = await verify(w.second, w.secondOrder, 'pay_REPLAYED000001', w.keySecret);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      detail: 'This payment was already used for another order. Please contact support.',
      code: 'payment_already_used',
    });
    const [second] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, w.secondOrder));
    expect(second).toMatchObject({ status: 'created', providerPaymentId: null });
    expect(await ctx.database.db.select().from(enrollments).where(eq(enrollments.userId, w.second.id))).toEqual([]);
  });

  it('is ignored by the webhook (200, so the provider does not redeliver it), granting nothing', async () => {
    const w = await twoOrders();
    expect((await verify(w.first, w.firstOrder, 'pay_REPLAYED000002', w.keySecret)).statusCode).toBe(200);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: 'pay_REPLAYED000002', order_id: w.secondOrder, amount: 99_900, currency: 'INR' },
        },
      },
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(w.webhookSecret, body) },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ success: true, message: 'ignored' });
    expect(await ctx.database.db.select().from(enrollments).where(eq(enrollments.userId, w.second.id))).toEqual([]);
  });
});
