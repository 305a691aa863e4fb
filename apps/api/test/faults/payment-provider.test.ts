import { paymentOrderSchema } from '@kaushal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentOrders } from '../../src/db/schema.ts';
import { useTestApp } from '../app.ts';
import { razorpayEnv, startFakeRazorpay } from '../fake-razorpay.ts';
import { createLearner, enrollmentsOf, hmac, post } from '../payments.ts';

/**
 * Razorpay failing, end to end: each failure is the clear 503 the pay button shows, nothing is stored or
 * granted, and the learner's next attempt goes all the way to access, granted once. The failure modes one by
 * one (5xx, timeout, refused keys, wrong amount) are in apps/api/src/modules/payments/razorpay-provider.test.ts.
 */
const TIMEOUT_MS = 300;
const fake = await startFakeRazorpay();
afterAll(() => fake.close());

describe('the payment provider times out and fails, then recovers', () => {
  const ctx = useTestApp({
    env: {
      ...razorpayEnv(fake, TIMEOUT_MS),
    },
  });

  it('answers each failure with a clear 503, stores and grants nothing, and the retry pays and enrolls once', async () => {
    const learner = await createLearner(ctx);
    const buy = { courseId: 'transformers-explained', pricingTierId: 'transformers-explained-lifetime' };
    const failures = [];
    for (const mode of ['server_error', 'hang', 'server_error', 'hang'] as const) {
      fake.mode = mode;
      const started = performance.now();
      const res = await post(ctx, '/api/v1/payments/create-order', learner, buy);
      failures.push({ mode, status: res.statusCode, ms: performance.now() - started, body: res.json() });
    }
    for (const failure of failures) {
      expect(failure.status).toBe(503);
      expect(failure.body.detail).toBe(
        'The payment service is not responding right now. Please try again in a moment.',
      );
      expect(failure.ms).toBeLessThan(TIMEOUT_MS + 2_000);
    }
    expect(await ctx.database.db.select().from(paymentOrders)).toEqual([]);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);

    fake.mode = 'ok';
    const created = await post(ctx, '/api/v1/payments/create-order', learner, buy);
    expect(created.statusCode).toBe(200);
    const order = paymentOrderSchema.parse(created.json());
    const payment = {
      razorpay_order_id: order.orderId,
      razorpay_payment_id: 'pay_AFTEROUTAGE0001',
      razorpay_signature: hmac(fake.keySecret, `${order.orderId}|pay_AFTEROUTAGE0001`),
    };
    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);

    expect(await ctx.database.db.select().from(paymentOrders)).toEqual([
      expect.objectContaining({ id: order.orderId, status: 'paid', userId: learner.id }),
    ]);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([
      expect.objectContaining({ courseId: 'transformers-explained', accessType: 'permanent', source: 'payment' }),
    ]);
    // Four failed attempts reached Razorpay, then the one that worked.
    expect(fake.orders).toHaveLength(5);
  });
});
