import { paymentConfigSchema, paymentOrderSchema } from '@kaushal/contract';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { razorpayEnv, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import {
  capturedEvent,
  createLearner,
  enrollmentsOf,
  get,
  hmac,
  orderRow,
  post,
  webhook,
} from '../../../test/payments.ts';
import { paymentOrders } from '../../db/schema.ts';

const COURSE = 'llm-evaluation';
const WEEKLY = 'llm-evaluation-weekly';
const TIMEOUT_MS = 400;

// The fake must listen before the app is built, so its URL can be configured like Razorpay's.
const fake = await startFakeRazorpay();
afterAll(() => fake.close());

describe('payments against Razorpay (a local fake of its Orders API)', () => {
  const ctx = useTestApp({
    env: {
      ...razorpayEnv(fake, TIMEOUT_MS),
      RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.example/v1/checkout.js',
    },
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.orders.length = 0;
  });

  /** What Razorpay's checkout hands the page after a real payment: signed with the key secret. */
  const razorpayPays = (orderId: string, paymentId = 'pay_RAZORPAYPAY001') => ({
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmac(fake.keySecret, `${orderId}|${paymentId}`),
  });

  it('points the web app at Razorpay’s checkout and hides the sandbox', async () => {
    const config = paymentConfigSchema.parse((await get(ctx, '/api/v1/payments/config', null)).json());
    expect(config).toEqual({
      keyId: fake.keyId,
      checkoutUrl: 'https://checkout.razorpay.example/v1/checkout.js',
      sandbox: false,
    });
    expect((await get(ctx, '/api/v1/payments/sandbox/checkout.js', null)).statusCode).toBe(404);
    const learner = await createLearner(ctx);
    const order = paymentOrderSchema.parse(
      (await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: WEEKLY })).json(),
    );
    const pay = await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: order.orderId });
    expect(pay.statusCode).toBe(404);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
  });

  it('creates the order at Razorpay with Basic auth and the amount in paise, then stores it', async () => {
    const learner = await createLearner(ctx, 'Meera Iyer');
    const res = await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: WEEKLY });
    expect(res.statusCode).toBe(200);
    const order = paymentOrderSchema.parse(res.json());
    expect(order).toMatchObject({ keyId: fake.keyId, amount: 99_900, currency: 'INR', name: 'Kaushal AI' });
    expect(order.prefill).toEqual({ name: 'Meera Iyer', email: learner.email });

    expect(fake.orders).toHaveLength(1);
    const sent = fake.orders[0];
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`);
    expect(sent?.body).toMatchObject({
      amount: 99_900,
      currency: 'INR',
      notes: { courseId: COURSE, pricingTierId: WEEKLY, userId: learner.id },
    });
    expect(sent?.body.receipt.length).toBeLessThanOrEqual(40);
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'created', amountPaise: 99_900 });
  });

  it('verifies a payment signed with the key secret (as the SDK does) and enrolls once', async () => {
    const learner = await createLearner(ctx);
    const order = paymentOrderSchema.parse(
      (await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: WEEKLY })).json(),
    );
    const payment = razorpayPays(order.orderId);
    expect(
      validatePaymentVerification(
        { order_id: order.orderId, payment_id: payment.razorpay_payment_id },
        payment.razorpay_signature,
        fake.keySecret,
      ),
    ).toBe(true);
    const forged = { ...payment, razorpay_signature: hmac('guessed-secret', `${order.orderId}|pay_RAZORPAYPAY001`) };
    expect((await post(ctx, '/api/v1/payments/verify', learner, forged)).statusCode).toBe(400);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);

    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
    // Razorpay's own webhook for the same payment changes nothing more.
    const hook = await webhook(
      ctx,
      fake.webhookSecret,
      capturedEvent(order.orderId, payment.razorpay_payment_id, 99_900),
    );
    expect(hook.statusCode).toBe(200);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
  });

  it.each([
    ['server_error', 'payment_provider_unavailable'],
    ['hang', 'payment_provider_timeout'],
    ['bad_auth', 'payment_provider_unavailable'],
    ['wrong_amount', 'payment_provider_unavailable'],
  ] as const)('answers a clear 503 when Razorpay fails (%s), stores nothing, and a retry works', async (mode, code) => {
    const learner = await createLearner(ctx);
    fake.mode = mode;
    const started = Date.now();
    const res = await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: WEEKLY });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      detail: 'The payment service is not responding right now. Please try again in a moment.',
      code,
    });
    if (mode === 'hang') expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(await ctx.database.db.select().from(paymentOrders)).toEqual([]);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);

    fake.mode = 'ok';
    const retry = await post(ctx, '/api/v1/payments/create-order', learner, {
      courseId: COURSE,
      pricingTierId: WEEKLY,
    });
    expect(retry.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(paymentOrders)).toHaveLength(1);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
  });

  it('checks webhooks with the configured webhook secret, not the key secret', async () => {
    const learner = await createLearner(ctx);
    const order = paymentOrderSchema.parse(
      (await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: WEEKLY })).json(),
    );
    const event = capturedEvent(order.orderId, 'pay_WEBHOOKONLY001', 99_900);
    expect((await webhook(ctx, fake.keySecret, event)).statusCode).toBe(400);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
    expect((await webhook(ctx, fake.webhookSecret, event)).statusCode).toBe(200);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
  });
});

describe('Razorpay keys without a webhook secret (development only)', () => {
  const ctx = useTestApp({
    seed: false,
    env: { RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_API_BASE: fake.url },
  });

  it('refuses every webhook instead of accepting unsigned ones', async () => {
    const res = await webhook(ctx, '', { event: 'payment.captured', payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('webhook_not_configured');
  });
});
