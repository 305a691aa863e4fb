import {
  courseDetailSchema,
  paymentConfigSchema,
  paymentOrderSchema,
  paymentStatusSchema,
  sandboxPaymentSchema,
} from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  capturedEvent,
  createLearner,
  enrollmentsOf,
  get,
  type Learner,
  orderRow,
  post,
  signInAgain,
  webhook,
} from '../../../test/payments.ts';
import { courses, emailMessages, paymentOrders, pricingTiers } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { WEEK_MS } from '../enrollment/grant.ts';
import { EMAIL_DELIVERY_QUEUE } from '../mail/index.ts';

const COURSE = 'rag-from-scratch';
const WEEKLY = 'rag-from-scratch-weekly';
const LIFETIME = 'rag-from-scratch-lifetime';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('payments through the local sandbox', () => {
  const ctx = useTestApp();
  const sandbox = () => createSandboxProvider(ctx.app.deps.config.sessionSecret);

  const createOrder = async (learner: Learner, pricingTierId?: string, courseId = COURSE) => {
    const res = await post(ctx, '/api/v1/payments/create-order', learner, { courseId, pricingTierId });
    expect(res.statusCode, res.body).toBe(200);
    return paymentOrderSchema.parse(res.json());
  };
  const sandboxPay = async (learner: Learner, orderId: string) => {
    const res = await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId });
    expect(res.statusCode, res.body).toBe(200);
    return sandboxPaymentSchema.parse(res.json());
  };
  const buy = async (learner: Learner, tier: string) => {
    const order = await createOrder(learner, tier);
    const payment = await sandboxPay(learner, order.orderId);
    const verified = await post(ctx, '/api/v1/payments/verify', learner, payment);
    expect(verified.statusCode, verified.body).toBe(200);
    return { order, payment };
  };
  const course = async (learner: Learner) =>
    courseDetailSchema.parse((await get(ctx, `/api/v1/courses/${COURSE}`, learner)).json());

  it('tells the web app which checkout to load', async () => {
    const res = await get(ctx, '/api/v1/payments/config', null);
    expect(paymentConfigSchema.parse(res.json())).toEqual({
      keyId: 'rzp_test_sandbox',
      checkoutUrl: '/api/v1/payments/sandbox/checkout.js',
      sandbox: true,
    });
    const script = await get(ctx, '/api/v1/payments/sandbox/checkout.js', null);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.Razorpay = Razorpay');
    expect(script.body).toContain('/api/v1/payments/sandbox/pay');
  });

  it('prices every tier from the catalogue, in paise, whatever the client sends', async () => {
    const learner = await createLearner(ctx, 'Ravi Kumar');
    const tiers = await ctx.database.db.select().from(pricingTiers).where(eq(pricingTiers.courseId, COURSE));
    const [{ title: courseTitle } = { title: '' }] = await ctx.database.db
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, COURSE));
    expect(tiers.length).toBeGreaterThanOrEqual(2);
    for (const tier of tiers) {
      const res = await post(ctx, '/api/v1/payments/create-order', learner, {
        courseId: COURSE,
        pricingTierId: tier.id,
        amount: 1,
        price: 1,
      });
      const order = paymentOrderSchema.parse(res.json());
      expect(order).toEqual({
        keyId: 'rzp_test_sandbox',
        amount: tier.pricePaise,
        currency: 'INR',
        name: 'Kaushal AI',
        description: `${courseTitle} - ${tier.title}`,
        orderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        prefill: { name: 'Ravi Kumar', email: learner.email },
      });
      expect(await orderRow(ctx.database, order.orderId)).toMatchObject({
        userId: learner.id,
        courseId: COURSE,
        pricingTierId: tier.id,
        accessType: tier.accessType,
        amountPaise: tier.pricePaise,
        currency: 'INR',
        status: 'created',
        providerPaymentId: null,
      });
    }
    // The seeded prices, in paise: ₹999 weekly, ₹4,999 lifetime.
    expect(tiers.map((t) => t.pricePaise).sort((a, b) => a - b)).toEqual([99_900, 499_900]);
  });

  it('describes the order as course and tier, and without a tier sells lifetime at the course price', async () => {
    const learner = await createLearner(ctx);
    const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE));
    const withTier = await createOrder(learner, WEEKLY);
    const [tier] = await ctx.database.db.select().from(pricingTiers).where(eq(pricingTiers.id, WEEKLY));
    expect(withTier.description).toBe(`${row?.title} - ${tier?.title}`);
    const plain = await createOrder(learner);
    expect(plain.description).toBe(row?.title);
    expect(plain.amount).toBe(row?.pricePaise);
    expect(await orderRow(ctx.database, plain.orderId)).toMatchObject({ accessType: 'permanent', pricingTierId: null });
  });

  it('refuses orders that make no sense, with a readable detail', async () => {
    const learner = await createLearner(ctx);
    const cases: Array<[unknown, number, string]> = [
      [{ courseId: 'python-for-ai' }, 400, 'This course is free. Enroll for free instead of paying.'],
      [
        { courseId: COURSE, pricingTierId: 'vector-databases-weekly' },
        400,
        'That pricing option is not available for this course.',
      ],
      [
        { courseId: COURSE, pricingTierId: 'no-such-tier' },
        400,
        'That pricing option is not available for this course.',
      ],
      [{ courseId: 'no-such-course' }, 404, 'We could not find that course.'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await post(ctx, '/api/v1/payments/create-order', learner, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    for (const body of [{}, { courseId: 'UPPER' }, { courseId: COURSE, pricingTierId: 7 }]) {
      const res = await post(ctx, '/api/v1/payments/create-order', learner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^Invalid request body/);
    }
    expect((await post(ctx, '/api/v1/payments/create-order', null, { courseId: COURSE })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(paymentOrders)).toEqual([]);
  });

  it('buys lifetime access: the signed payment verifies, the order is paid and the course opens', async () => {
    const learner = await createLearner(ctx);
    const { order, payment } = await buy(learner, LIFETIME);
    // Razorpay's SDK agrees the sandbox's signature is genuine for this order and payment.
    expect(
      validatePaymentVerification(
        { order_id: payment.razorpay_order_id, payment_id: payment.razorpay_payment_id },
        payment.razorpay_signature,
        sandbox().keySecret,
      ),
    ).toBe(true);
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({
      status: 'paid',
      providerPaymentId: payment.razorpay_payment_id,
      paidAt: ctx.clock.now,
    });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([
      { accessType: 'permanent', expiresAt: null, source: 'payment' },
    ]);
    const detail = await course(learner);
    expect(detail.isEnrolled).toBe(true);
    expect(detail.enrollmentStatus).toMatchObject({ enrolled: true, status: 'permanent' });

    const status = await get(ctx, `/api/v1/payments/status/${order.orderId}`, learner);
    expect(paymentStatusSchema.parse(status.json())).toEqual({
      orderId: order.orderId,
      courseId: COURSE,
      pricingTierId: LIFETIME,
      amount: 499_900,
      currency: 'INR',
      status: 'paid',
      createdAt: ctx.clock.now.toISOString(),
      paidAt: ctx.clock.now.toISOString(),
    });
    // Lifetime holders cannot be charged again for the same course.
    const again = await post(ctx, '/api/v1/payments/create-order', learner, {
      courseId: COURSE,
      pricingTierId: WEEKLY,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'You already have lifetime access to this course.',
      code: 'already_enrolled',
    });
  });

  it('refuses a tampered signature with 400 and grants nothing', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, LIFETIME);
    const payment = await sandboxPay(learner, order.orderId);
    const sig = payment.razorpay_signature;
    const tampered = [
      { ...payment, razorpay_signature: `${sig.slice(0, -1)}${sig.endsWith('a') ? 'b' : 'a'}` },
      { ...payment, razorpay_payment_id: 'pay_SOMEOTHERPAYMNT' },
      { ...payment, razorpay_signature: 'ab' },
    ];
    for (const body of tampered) {
      const res = await post(ctx, '/api/v1/payments/verify', learner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Payment verification failed. Please contact support if amount was deducted.',
        code: 'payment_verification_failed',
      });
    }
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'created', providerPaymentId: null });
  });

  it('lists the learner’s own orders, newest first, paid or not, and nobody else’s', async () => {
    const learner = await createLearner(ctx);
    const other = await createLearner(ctx);
    const { order: paid } = await buy(learner, WEEKLY);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    const open = await createOrder(learner, LIFETIME);
    await createOrder(other, LIFETIME);

    const res = await get(ctx, '/api/v1/payments/orders', learner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const orders = paymentStatusSchema.array().parse(res.json());
    expect(orders.map((o) => [o.orderId, o.status, o.pricingTierId])).toEqual([
      [open.orderId, 'created', LIFETIME],
      [paid.orderId, 'paid', WEEKLY],
    ]);
    expect((await get(ctx, '/api/v1/payments/orders', null)).statusCode).toBe(401);
  });

  it('never lets one learner verify, pay or read another learner’s order', async () => {
    const owner = await createLearner(ctx);
    const other = await createLearner(ctx);
    const order = await createOrder(owner, LIFETIME);
    const payment = await sandboxPay(owner, order.orderId);

    const verify = await post(ctx, '/api/v1/payments/verify', other, payment);
    expect(verify.statusCode).toBe(404);
    expect(verify.json()).toEqual({ detail: 'We could not find that payment order.', code: 'order_not_found' });
    expect((await post(ctx, '/api/v1/payments/sandbox/pay', other, { orderId: order.orderId })).statusCode).toBe(404);
    expect((await get(ctx, `/api/v1/payments/status/${order.orderId}`, other)).statusCode).toBe(404);
    expect((await get(ctx, '/api/v1/payments/status/order_DOESNOTEXIST00', owner)).statusCode).toBe(404);
    expect((await get(ctx, `/api/v1/payments/status/${order.orderId}`, null)).statusCode).toBe(401);
    expect(await enrollmentsOf(ctx.database, other.id)).toEqual([]);
    expect(await enrollmentsOf(ctx.database, owner.id)).toEqual([]);
    expect((await orderRow(ctx.database, order.orderId))?.status).toBe('created');
  });

  it('answers a replayed verification with success and grants once', async () => {
    const learner = await createLearner(ctx);
    const { payment } = await buy(learner, WEEKLY);
    const [first] = await enrollmentsOf(ctx.database, learner.id, COURSE);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + DAY_MS);
    for (let i = 0; i < 3; i++) {
      const res = await post(ctx, '/api/v1/payments/verify', learner, payment);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Payment verified. You are enrolled in the course.' });
    }
    const rows = await enrollmentsOf(ctx.database, learner.id, COURSE);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt).toEqual(first?.expiresAt);
    const [count] = await ctx.database.db
      .select({ n: courses.enrolledCount })
      .from(courses)
      .where(eq(courses.id, COURSE));
    expect(count?.n).toBe(1);
    // A paid order cannot be "paid" again through the sandbox either.
    const repay = await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: payment.razorpay_order_id });
    expect(repay.statusCode).toBe(409);
  });

  it('gives a week of access, ends it on time, and extends from the later of now and the expiry', async () => {
    const learner = await createLearner(ctx);
    const start = ctx.clock.now;
    await buy(learner, WEEKLY);
    const [week] = await enrollmentsOf(ctx.database, learner.id, COURSE);
    expect(week).toMatchObject({ accessType: 'weekly', expiresAt: new Date(start.getTime() + WEEK_MS) });
    expect((await course(learner)).enrollmentStatus).toMatchObject({ enrolled: true, status: 'weekly' });

    // Two days in, a second week stacks on the first: 14 days from the first payment.
    ctx.clock.now = new Date(start.getTime() + 2 * DAY_MS);
    await buy(learner, WEEKLY);
    expect((await enrollmentsOf(ctx.database, learner.id, COURSE))[0]?.expiresAt).toEqual(
      new Date(start.getTime() + 2 * WEEK_MS),
    );

    // Past the expiry: no access, pricing shows, and the message says when it ended.
    ctx.clock.now = new Date(start.getTime() + 2 * WEEK_MS + 1000);
    const expired = await course(learner);
    expect(expired.isEnrolled).toBe(false);
    expect(expired.showPricing).toBe(true);
    expect(expired.enrollmentStatus?.status).toBe('expired');
    expect(expired.enrollmentStatus?.message).toMatch(/^Your weekly access expired on /);

    // Renewing after expiry runs 7 days from now, not from the old expiry.
    const renewedAt = new Date(start.getTime() + 20 * DAY_MS);
    ctx.clock.now = renewedAt;
    await buy(learner, WEEKLY);
    expect((await enrollmentsOf(ctx.database, learner.id, COURSE))[0]?.expiresAt).toEqual(
      new Date(renewedAt.getTime() + WEEK_MS),
    );
    expect((await course(learner)).isEnrolled).toBe(true);

    // Lifetime bought on top of a week upgrades it for good.
    await buy(learner, LIFETIME);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([
      { accessType: 'permanent', expiresAt: null },
    ]);
    ctx.clock.now = new Date(renewedAt.getTime() + 400 * DAY_MS);
    expect((await course(await signInAgain(ctx, learner))).isEnrolled).toBe(true);
  });

  it('grants once when the verify and the webhook for one payment race each other', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, WEEKLY);
    const payment = await sandboxPay(learner, order.orderId);
    const event = capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount);
    const results = await Promise.all([
      post(ctx, '/api/v1/payments/verify', learner, payment),
      webhook(ctx, sandbox().webhookSecret, event),
      post(ctx, '/api/v1/payments/verify', learner, payment),
      webhook(ctx, sandbox().webhookSecret, event),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await enrollmentsOf(ctx.database, learner.id, COURSE);
    // One week, not two: the second settlement found the order paid.
    expect(rows).toMatchObject([{ accessType: 'weekly', expiresAt: new Date(ctx.clock.now.getTime() + WEEK_MS) }]);
    // And one receipt, with one delivery job: it was queued in the settlement that granted.
    const receipts = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.kind, 'receipt'));
    expect(receipts.map((r) => [r.toAddress, r.dedupeKey])).toEqual([
      [learner.email.toLowerCase(), `receipt:${order.orderId}`],
    ]);
    expect((await ctx.app.deps.jobs.countByState(EMAIL_DELIVERY_QUEUE)).created).toBe(
      (await ctx.database.db.select().from(emailMessages)).length,
    );
  });

  it('lets a learner pay an order again after a failed attempt', async () => {
    const learner = await createLearner(ctx);
    const order = await createOrder(learner, WEEKLY);
    const failed = {
      event: 'payment.failed',
      payload: {
        payment: {
          entity: { id: 'pay_FAILEDATTEMPT1', amount: order.amount, currency: 'INR', order_id: order.orderId },
        },
      },
    };
    expect((await webhook(ctx, sandbox().webhookSecret, failed)).statusCode).toBe(200);
    expect((await orderRow(ctx.database, order.orderId))?.status).toBe('failed');
    const payment = await sandboxPay(learner, order.orderId);
    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    expect((await orderRow(ctx.database, order.orderId))?.status).toBe('paid');
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
  });

  it('refuses requests from another site', async () => {
    const learner = await createLearner(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/create-order',
      headers: { origin: 'https://evil.example', cookie: learner.cookie },
      payload: { courseId: COURSE },
    });
    expect(res.statusCode).toBe(403);
  });

  it('rate-limits order creation per learner', async () => {
    const learner = await createLearner(ctx);
    const other = await createLearner(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another learner (same address) still has their own budget.
    expect((await post(ctx, '/api/v1/payments/create-order', other, { courseId: COURSE })).statusCode).toBe(200);
  });
});
