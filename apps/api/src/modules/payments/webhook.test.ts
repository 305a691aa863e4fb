import { paymentOrderSchema, sandboxPaymentSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  capturedEvent,
  createLearner,
  enrollmentsOf,
  hmac,
  type Learner,
  orderRow,
  post,
  refundEvent,
  webhook,
} from '../../../test/payments.ts';
import { courses, users } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { WEEK_MS } from '../enrollment/grant.ts';

const COURSE = 'vector-databases';
const WEEKLY = 'vector-databases-weekly';
const LIFETIME = 'vector-databases-lifetime';

describe('POST /payments/webhook', () => {
  const ctx = useTestApp();
  const secret = () => createSandboxProvider(ctx.app.deps.config.sessionSecret).webhookSecret;

  const createOrder = async (learner: Learner, pricingTierId: string) => {
    const res = await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId });
    return paymentOrderSchema.parse(res.json());
  };
  const sandboxPay = async (learner: Learner, orderId: string) =>
    sandboxPaymentSchema.parse((await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId })).json());
  const enrolledCount = async () =>
    (await ctx.database.db.select({ n: courses.enrolledCount }).from(courses).where(eq(courses.id, COURSE)))[0]?.n;

  it('refuses an unsigned, wrongly signed or re-serialised event and grants nothing', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    const event = capturedEvent(order.orderId, 'pay_FORGEDPAYMENT1', order.amount);
    const raw = JSON.stringify(event);
    const attempts = [
      await webhook(ctx, null, event),
      await webhook(ctx, 'not-the-webhook-secret', event),
      // Signed over other bytes (same JSON, other spacing) than those sent.
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(secret(), raw),
        },
        payload: JSON.stringify(event, null, 2),
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'The webhook signature is missing or does not match.',
        code: 'invalid_signature',
      });
    }
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
    expect((await orderRow(ctx.database, order.orderId))?.status).toBe('created');
  });

  it('enrolls a learner who closed the tab after paying: webhook first, then a late verify, one enrollment', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, WEEKLY);
    const payment = await sandboxPay(learner, order.orderId);
    const res = await webhook(ctx, secret(), capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'processed' });
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({
      status: 'paid',
      providerPaymentId: payment.razorpay_payment_id,
    });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([
      { accessType: 'weekly', expiresAt: new Date(ctx.clock.now.getTime() + WEEK_MS) },
    ]);

    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    const verify = await post(ctx, '/api/v1/payments/verify', learner, payment);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().success).toBe(true);
    const rows = await enrollmentsOf(ctx.database, learner.id, COURSE);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt?.getTime()).toBe(ctx.clock.now.getTime() - 60_000 + WEEK_MS);
    expect(await enrolledCount()).toBe(1);
  });

  it('is harmless after verify and on duplicate deliveries of payment.captured and order.paid', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, WEEKLY);
    const payment = await sandboxPay(learner, order.orderId);
    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    const [before] = await enrollmentsOf(ctx.database, learner.id, COURSE);
    for (const name of ['payment.captured', 'order.paid', 'payment.captured', 'order.paid']) {
      const res = await webhook(
        ctx,
        secret(),
        capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount, name),
      );
      expect(res.statusCode).toBe(200);
    }
    const after = await enrollmentsOf(ctx.database, learner.id, COURSE);
    expect(after).toHaveLength(1);
    expect(after[0]?.expiresAt).toEqual(before?.expiresAt);
    expect(await enrolledCount()).toBe(1);
  });

  it('settles through order.paid alone', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    const res = await webhook(
      ctx,
      secret(),
      capturedEvent(order.orderId, 'pay_ORDERPAIDONLY1', order.amount, 'order.paid'),
    );
    expect(res.json().message).toBe('processed');
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([{ accessType: 'permanent' }]);
  });

  it('ignores, with 200, an amount that differs from the order, unknown orders and unknown events', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    const cheap = await webhook(ctx, secret(), capturedEvent(order.orderId, 'pay_TOOCHEAPPAYMNT', 100));
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json().message).toBe('ignored');
    const unknown = await webhook(ctx, secret(), capturedEvent('order_NOTOURS0000000', 'pay_X', 100));
    expect(unknown.json().message).toBe('ignored');
    const other = await webhook(ctx, secret(), { event: 'subscription.charged', payload: {} });
    expect(other.statusCode).toBe(200);
    expect(other.json().message).toBe('ignored');
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
    expect((await orderRow(ctx.database, order.orderId))?.status).toBe('created');
  });

  it('answers 400 for a signed body that is not a Razorpay event', async () => {
    for (const raw of ['not json', '[]', '{"payload":{}}']) {
      const res = await webhook(ctx, secret(), null, raw);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_event');
    }
  });

  it('takes back lifetime access once the whole amount is refunded, and keeps it after a part', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    const payment = await sandboxPay(learner, order.orderId);
    await post(ctx, '/api/v1/payments/verify', learner, payment);
    expect(await enrolledCount()).toBe(1);

    // Refunds made in Razorpay's dashboard: a part first (the access stays), then the rest (it ends).
    const partial = await webhook(
      ctx,
      secret(),
      refundEvent(order.orderId, payment.razorpay_payment_id, 10_000, order.amount, { refundId: 'rfnd_PART000000001' }),
    );
    expect(partial.json().message).toBe('processed');
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'paid', refundedPaise: 10_000 });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);

    // The rest, delivered twice: settled once.
    for (let i = 0; i < 2; i++) {
      const full = await webhook(
        ctx,
        secret(),
        refundEvent(order.orderId, payment.razorpay_payment_id, order.amount - 10_000, order.amount, {
          refundId: 'rfnd_REST000000001',
          totalRefundedPaise: order.amount,
        }),
      );
      expect(full.statusCode).toBe(200);
    }
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({
      status: 'refunded',
      refundedAt: ctx.clock.now,
      refundedPaise: order.amount,
    });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toEqual([]);
    expect(await enrolledCount()).toBe(0);
    // A refunded payment cannot be verified back into access, nor captured again.
    const verify = await post(ctx, '/api/v1/payments/verify', learner, payment);
    expect(verify.statusCode).toBe(409);
    expect(verify.json().code).toBe('payment_refunded');
    await webhook(ctx, secret(), capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount));
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toEqual([]);
  });

  it('takes back exactly the refunded week and keeps the others', async () => {
    const learner = await createLearner(ctx);
    const start = ctx.clock.now;
    const payments = [];
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(learner, WEEKLY);
      const payment = await sandboxPay(learner, order.orderId);
      await post(ctx, '/api/v1/payments/verify', learner, payment);
      payments.push({ order, payment });
    }
    expect((await enrollmentsOf(ctx.database, learner.id, COURSE))[0]?.expiresAt).toEqual(
      new Date(start.getTime() + 2 * WEEK_MS),
    );
    const [, second] = payments;
    if (!second) throw new Error('two payments expected');
    await webhook(
      ctx,
      secret(),
      refundEvent(second.order.orderId, second.payment.razorpay_payment_id, second.order.amount, second.order.amount),
    );
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([
      { accessType: 'weekly', expiresAt: new Date(start.getTime() + WEEK_MS) },
    ]);
  });

  it('keeps the order when the learner deleted their account, and grants nobody', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    await ctx.database.db.delete(users).where(eq(users.id, learner.id));
    const res = await webhook(ctx, secret(), capturedEvent(order.orderId, 'pay_AFTERDELETION1', order.amount));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ userId: null, status: 'paid' });
    expect(await enrolledCount()).toBe(0);
  });

  it('is exempt from the Origin check but still needs its signature', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    const res = await webhook(ctx, secret(), capturedEvent(order.orderId, 'pay_FROMRAZORPAY1', order.amount));
    expect(res.statusCode).toBe(200);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
  });
});
