import {
  type AdminCoupon,
  adminCouponSchema,
  type CreateCouponBody,
  couponQuoteSchema,
  paymentOrderSchema,
  sandboxPaymentSchema,
} from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  capturedEvent,
  createLearner,
  enrollmentsOf,
  get,
  type Learner,
  orderRow,
  post,
  webhook,
} from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { auditLog, couponRedemptions, coupons, emailMessages, paymentOrders } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';

const COURSE = 'rag-from-scratch';
/** ₹999 a week, ₹4,999 for life (also the course's own price). */
const WEEKLY = 'rag-from-scratch-weekly';
const LIFETIME = 'rag-from-scratch-lifetime';
const OTHER_COURSE = 'vector-databases';
/** ₹599 a week. */
const OTHER_WEEKLY = 'vector-databases-weekly';
const MINUTE = 60_000;

describe('coupons at checkout', () => {
  const ctx = useTestApp();
  const sandbox = () => createSandboxProvider(ctx.app.deps.config.sessionSecret);

  /** Made by the first coupon of each test (the database starts empty each time). */
  let admin: Learner | undefined;
  beforeEach(() => {
    admin = undefined;
  });
  const coupon = async (body: CreateCouponBody): Promise<AdminCoupon> => {
    admin ??= await createStaff(ctx, 'Ada Admin', 'admin');
    const res = await callAs(ctx, admin, 'POST', '/admin/coupons', body);
    expect(res.statusCode, res.body).toBe(200);
    return adminCouponSchema.parse(res.json());
  };
  const quoteRes = (learner: Learner, code: string, courseId = COURSE, tier?: string) =>
    get(
      ctx,
      `/api/v1/coupons/quote?code=${encodeURIComponent(code)}&courseId=${courseId}${tier ? `&pricingTierId=${tier}` : ''}`,
      learner,
    );
  const quote = async (learner: Learner, code: string, courseId = COURSE, tier?: string) => {
    const res = await quoteRes(learner, code, courseId, tier);
    expect(res.statusCode, res.body).toBe(200);
    return couponQuoteSchema.parse(res.json());
  };
  /** The refusal's code and detail. */
  const refusal = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
    const answer = await res;
    return { status: answer.statusCode, ...(answer.json() as { code: string; detail: string }) };
  };
  const orderWith = (learner: Learner, code: string | undefined, tier = WEEKLY, courseId = COURSE, extra = {}) =>
    post(ctx, '/api/v1/payments/create-order', learner, {
      courseId,
      pricingTierId: tier,
      ...(code === undefined ? {} : { couponCode: code }),
      ...extra,
    });
  const createOrder = async (learner: Learner, code: string | undefined, tier = WEEKLY, courseId = COURSE) => {
    const res = await orderWith(learner, code, tier, courseId);
    expect(res.statusCode, res.body).toBe(200);
    return paymentOrderSchema.parse(res.json());
  };
  const signedPayment = async (learner: Learner, orderId: string) => {
    const res = await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId });
    expect(res.statusCode, res.body).toBe(200);
    return sandboxPaymentSchema.parse(res.json());
  };
  const pay = async (learner: Learner, orderId: string) => {
    const verified = await post(ctx, '/api/v1/payments/verify', learner, await signedPayment(learner, orderId));
    expect(verified.statusCode, verified.body).toBe(200);
  };
  const redeem = (learner: Learner, code: string, courseId = COURSE, tier?: string) =>
    post(ctx, '/api/v1/payments/redeem-coupon', learner, {
      courseId,
      couponCode: code,
      ...(tier ? { pricingTierId: tier } : {}),
    });
  const counted = async (couponId: string) => {
    const [row] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    const redemptions = await ctx.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    return { counter: row?.redemptions, rows: redemptions.length };
  };
  const ordersOf = (learner: Learner) =>
    ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, learner.id));

  describe('the quote', () => {
    it('prices percent and fixed coupons from the catalogue, rounding a percentage down to whole paise', async () => {
      const learner = await createLearner(ctx);
      await coupon({ code: 'TWENTY', kind: 'percent', value: 20, scope: 'all' });
      await coupon({ code: 'FIVEHUNDRED', kind: 'fixed', value: 500_00, scope: 'all' });
      await coupon({ code: 'ODD', kind: 'percent', value: 33, scope: 'all' });

      expect(await quote(learner, 'TWENTY', COURSE, WEEKLY)).toEqual({
        code: 'TWENTY',
        label: '20% off',
        listPrice: 99_900,
        discount: 19_980,
        price: 79_920,
      });
      // No tier: the course's own price, lifetime.
      expect(await quote(learner, 'FIVEHUNDRED')).toEqual({
        code: 'FIVEHUNDRED',
        label: '₹500 off',
        listPrice: 499_900,
        discount: 50_000,
        price: 449_900,
      });
      // 33% of ₹599 is 19,767 paise: the discount rounds down, the learner pays the paisa.
      expect(await quote(learner, 'ODD', OTHER_COURSE, OTHER_WEEKLY)).toMatchObject({
        discount: 19_767,
        price: 40_133,
      });
    });

    it('takes the code in any case', async () => {
      const learner = await createLearner(ctx);
      await coupon({ code: 'Diwali-25', kind: 'percent', value: 25, scope: 'all' });
      for (const typed of ['diwali-25', 'DIWALI-25', 'DiWaLi-25', '  diwali-25 ']) {
        expect((await quote(learner, typed, COURSE, LIFETIME)).code).toBe('DIWALI-25');
      }
    });

    it('keeps a coupon to its courses and tiers', async () => {
      const learner = await createLearner(ctx);
      await coupon({ code: 'RAGONLY', kind: 'percent', value: 10, scope: 'courses', courseIds: [COURSE] });
      await coupon({ code: 'WEEKONLY', kind: 'fixed', value: 100_00, scope: 'tiers', tierIds: [WEEKLY] });

      expect((await quote(learner, 'RAGONLY', COURSE, WEEKLY)).price).toBe(89_910);
      expect((await quote(learner, 'RAGONLY', COURSE)).price).toBe(449_910);
      expect(await refusal(quoteRes(learner, 'RAGONLY', OTHER_COURSE, OTHER_WEEKLY))).toEqual({
        status: 409,
        code: 'coupon_not_applicable',
        detail: 'This coupon is not valid for this course.',
      });
      expect((await quote(learner, 'WEEKONLY', COURSE, WEEKLY)).price).toBe(89_900);
      const otherTier = await refusal(quoteRes(learner, 'WEEKONLY', COURSE, LIFETIME));
      const noTier = await refusal(quoteRes(learner, 'WEEKONLY', COURSE));
      const otherCourse = await refusal(quoteRes(learner, 'WEEKONLY', OTHER_COURSE, OTHER_WEEKLY));
      for (const answer of [otherTier, noTier, otherCourse]) {
        expect(answer).toEqual({
          status: 409,
          code: 'coupon_not_applicable',
          detail: 'This coupon is not valid for this pricing option.',
        });
      }
    });

    it('refuses unknown, inactive, not yet started and expired coupons, each with its own reason', async () => {
      const learner = await createLearner(ctx);
      const now = ctx.clock.now.getTime();
      await coupon({ code: 'SLEEPING', kind: 'percent', value: 10, scope: 'all', active: false });
      await coupon({
        code: 'SOON',
        kind: 'percent',
        value: 10,
        scope: 'all',
        startsAt: new Date(Date.UTC(2099, 0, 1, 4, 30)).toISOString(),
      });
      await coupon({
        code: 'OVER',
        kind: 'percent',
        value: 10,
        scope: 'all',
        startsAt: new Date(now - 2 * 86_400_000).toISOString(),
        endsAt: new Date(now - 1000).toISOString(),
      });

      expect(await refusal(quoteRes(learner, 'NOSUCHCODE'))).toEqual({
        status: 404,
        code: 'coupon_not_found',
        detail: 'That coupon code is not valid.',
      });
      expect(await refusal(quoteRes(learner, 'sleeping'))).toEqual({
        status: 409,
        code: 'coupon_inactive',
        detail: 'This coupon is no longer active.',
      });
      expect(await refusal(quoteRes(learner, 'SOON'))).toEqual({
        status: 409,
        code: 'coupon_not_started',
        detail: 'This coupon is not valid yet: it can be used from 1 Jan 2099, 10:00 am IST.',
      });
      expect(await refusal(quoteRes(learner, 'OVER'))).toEqual({
        status: 409,
        code: 'coupon_expired',
        detail: 'This coupon has expired.',
      });
      // The window is the server's clock: the expired coupon was good a minute before its end.
      ctx.clock.now = new Date(now - MINUTE);
      expect((await quote(await createLearner(ctx), 'OVER')).price).toBe(449_910);
    });

    it('refuses a price between ₹0 and ₹1, which Razorpay cannot take', async () => {
      const learner = await createLearner(ctx);
      // ₹599 less ₹598.50 leaves 50 paise.
      await coupon({ code: 'FIFTYPAISE', kind: 'fixed', value: 59_850, scope: 'all' });
      const expected = {
        status: 409,
        code: 'coupon_below_minimum',
        detail:
          "With this coupon the price would be ₹0.50, and Razorpay's minimum is ₹1, so it cannot be used for this purchase.",
      };
      expect(await refusal(quoteRes(learner, 'FIFTYPAISE', OTHER_COURSE, OTHER_WEEKLY))).toEqual(expected);
      expect(await refusal(orderWith(learner, 'FIFTYPAISE', OTHER_WEEKLY, OTHER_COURSE))).toEqual(expected);
      expect(await ordersOf(learner)).toEqual([]);
    });

    it('is for signed-in learners, and refuses codes that are not codes', async () => {
      await coupon({ code: 'TWENTY', kind: 'percent', value: 20, scope: 'all' });
      const anonymous = await get(ctx, `/api/v1/coupons/quote?code=TWENTY&courseId=${COURSE}`, null);
      expect(anonymous.statusCode).toBe(401);
      const learner = await createLearner(ctx);
      for (const code of ['x', "TWENTY' OR '1'='1", 'A'.repeat(33)]) {
        const res = await quoteRes(learner, code);
        expect(res.statusCode, code).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_request' });
      }
      // A free course has nothing to discount.
      expect((await quoteRes(learner, 'TWENTY', 'python-for-ai')).json()).toMatchObject({ code: 'course_is_free' });
    });
  });

  describe('orders', () => {
    it('stores the discounted amount the server priced, whatever amount the client sends', async () => {
      const learner = await createLearner(ctx, 'Ravi Kumar');
      const twenty = await coupon({ code: 'TWENTY', kind: 'percent', value: 20, scope: 'all' });
      const res = await orderWith(learner, 'twenty', WEEKLY, COURSE, { amount: 100, price: 100, discount: 99_800 });
      expect(res.statusCode, res.body).toBe(200);
      const order = paymentOrderSchema.parse(res.json());
      expect(order.amount).toBe(79_920);
      expect(await orderRow(ctx.database, order.orderId)).toMatchObject({
        amountPaise: 79_920,
        listPricePaise: 99_900,
        couponId: twenty.id,
        status: 'created',
      });
      // Nothing is counted until the payment settles.
      expect(await counted(twenty.id)).toEqual({ counter: 0, rows: 0 });

      const plain = await createOrder(await createLearner(ctx), undefined, LIFETIME);
      expect(await orderRow(ctx.database, plain.orderId)).toMatchObject({
        amountPaise: 499_900,
        listPricePaise: 499_900,
        couponId: null,
      });
    });

    it('refuses a coupon for another course or an expired one at checkout, storing no order', async () => {
      const learner = await createLearner(ctx);
      await coupon({ code: 'VECTORS', kind: 'percent', value: 50, scope: 'courses', courseIds: [OTHER_COURSE] });
      await coupon({
        code: 'GONE',
        kind: 'percent',
        value: 50,
        scope: 'all',
        endsAt: new Date(ctx.clock.now.getTime() - 1).toISOString(),
      });
      expect(await refusal(orderWith(learner, 'VECTORS'))).toMatchObject({
        status: 409,
        code: 'coupon_not_applicable',
      });
      expect(await refusal(orderWith(learner, 'GONE'))).toMatchObject({ status: 409, code: 'coupon_expired' });
      expect(await refusal(orderWith(learner, 'NOSUCH'))).toMatchObject({ status: 404, code: 'coupon_not_found' });
      expect(await ordersOf(learner)).toEqual([]);
    });

    it('sends a coupon that makes the price ₹0 to redeem-coupon instead', async () => {
      const learner = await createLearner(ctx);
      await coupon({ code: 'FREEBIE', kind: 'percent', value: 100, scope: 'all' });
      expect(await refusal(orderWith(learner, 'FREEBIE'))).toEqual({
        status: 409,
        code: 'use_redeem_coupon',
        detail: 'This coupon makes the course free: enroll with it instead of paying.',
      });
      expect(await ordersOf(learner)).toEqual([]);
    });

    it('counts the coupon once when the order is paid, and a repeated verify counts nothing more', async () => {
      const learner = await createLearner(ctx);
      const twenty = await coupon({ code: 'TWENTY', kind: 'percent', value: 20, scope: 'all' });
      const order = await createOrder(learner, 'TWENTY');
      const payment = await signedPayment(learner, order.orderId);
      for (let i = 0; i < 2; i++) {
        expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
      }
      expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'paid', amountPaise: 79_920 });
      expect(await counted(twenty.id)).toEqual({ counter: 1, rows: 1 });
      const [redemption] = await ctx.database.db.select().from(couponRedemptions);
      expect(redemption).toMatchObject({ userId: learner.id, orderId: order.orderId, courseId: COURSE });
    });

    it('counts once when the verify and the webhook race', async () => {
      const learner = await createLearner(ctx);
      const twenty = await coupon({ code: 'TWENTY', kind: 'percent', value: 20, scope: 'all' });
      const order = await createOrder(learner, 'TWENTY');
      const payment = await signedPayment(learner, order.orderId);
      const event = capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount);
      const results = await Promise.all([
        post(ctx, '/api/v1/payments/verify', learner, payment),
        webhook(ctx, sandbox().webhookSecret, event),
        post(ctx, '/api/v1/payments/verify', learner, payment),
        webhook(ctx, sandbox().webhookSecret, event),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await counted(twenty.id)).toEqual({ counter: 1, rows: 1 });
    });
  });

  describe('caps', () => {
    it('lets an abandoned order hold a capped place for 30 minutes only', async () => {
      const capped = await coupon({ code: 'ONLYONE', kind: 'percent', value: 10, scope: 'all', maxRedemptions: 1 });
      const first = await createLearner(ctx, 'First');
      const second = await createLearner(ctx, 'Second');
      const abandoned = await createOrder(first, 'ONLYONE');

      ctx.clock.now = new Date(ctx.clock.now.getTime() + 29 * MINUTE);
      expect(await refusal(quoteRes(second, 'ONLYONE'))).toEqual({
        status: 409,
        code: 'coupon_exhausted',
        detail: 'This coupon has been fully redeemed.',
      });
      expect(await refusal(orderWith(second, 'ONLYONE'))).toMatchObject({ code: 'coupon_exhausted' });
      // The first learner trying again (the checkout closed and opened again) is not kept out by their own order.
      const retry = await createOrder(first, 'ONLYONE', LIFETIME);

      // Past 30 minutes after the retry, neither unpaid order holds anything.
      ctx.clock.now = new Date(ctx.clock.now.getTime() + 31 * MINUTE);
      expect((await quote(second, 'ONLYONE')).price).toBe(449_910);
      const taken = await createOrder(second, 'ONLYONE');
      await pay(second, taken.orderId);
      expect(await counted(capped.id)).toEqual({ counter: 1, rows: 1 });
      expect((await orderRow(ctx.database, abandoned.orderId))?.status).toBe('created');
      expect((await orderRow(ctx.database, retry.orderId))?.status).toBe('created');
      // Paid, the place is gone for good.
      ctx.clock.now = new Date(ctx.clock.now.getTime() + 60 * MINUTE);
      expect(await refusal(quoteRes(first, 'ONLYONE'))).toMatchObject({ status: 409, code: 'coupon_exhausted' });
    });

    it('gives a cap of one to the first of two learners who pays', async () => {
      const capped = await coupon({ code: 'ONLYONE', kind: 'fixed', value: 100_00, scope: 'all', maxRedemptions: 1 });
      const first = await createLearner(ctx, 'First');
      const second = await createLearner(ctx, 'Second');
      expect((await quote(first, 'ONLYONE')).price).toBe(489_900);
      expect((await quote(second, 'ONLYONE')).price).toBe(489_900);
      const order = await createOrder(first, 'ONLYONE');
      await pay(first, order.orderId);
      expect(await refusal(orderWith(second, 'ONLYONE'))).toMatchObject({ status: 409, code: 'coupon_exhausted' });
      expect(await ordersOf(second)).toEqual([]);
      expect(await counted(capped.id)).toEqual({ counter: 1, rows: 1 });
      const [row] = await ctx.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, capped.id));
      expect(row?.userId).toBe(first.id);
    });

    it('holds each learner to their own limit, counting their paid orders and unpaid ones for other courses', async () => {
      await coupon({ code: 'TWICE', kind: 'percent', value: 10, scope: 'all', perLearnerLimit: 2 });
      const learner = await createLearner(ctx);
      const paid = await createOrder(learner, 'TWICE');
      await pay(learner, paid.orderId);
      // An unpaid order for another course holds the learner's second use.
      await createOrder(learner, 'twice', OTHER_WEEKLY, OTHER_COURSE);
      const limit = {
        status: 409,
        code: 'coupon_limit_reached',
        detail: 'You have already used this coupon 2 times, as many as it allows.',
      };
      expect(await refusal(quoteRes(learner, 'TWICE', COURSE, WEEKLY))).toEqual(limit);
      // Trying that same course again is the same purchase: allowed.
      expect((await quote(learner, 'TWICE', OTHER_COURSE, OTHER_WEEKLY)).price).toBe(53_910);
      // Another learner has uses of their own.
      expect((await quote(await createLearner(ctx), 'TWICE', COURSE, WEEKLY)).price).toBe(89_910);
      ctx.clock.now = new Date(ctx.clock.now.getTime() + 31 * MINUTE);
      expect((await quote(learner, 'TWICE', COURSE, WEEKLY)).price).toBe(89_910);
    });
  });

  describe('a ₹0 price', () => {
    it('enrolls without checkout: a paid order of 0, the redemption, an audit record and the welcome', async () => {
      const free = await coupon({ code: 'SCHOLAR', kind: 'percent', value: 100, scope: 'all' });
      const learner = await createLearner(ctx, 'Meera Scholar');
      const res = await redeem(learner, 'scholar');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'You are enrolled in the course.' });

      expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([
        { accessType: 'permanent', expiresAt: null, source: 'payment' },
      ]);
      const [order] = await ordersOf(learner);
      expect(order).toMatchObject({
        id: expect.stringMatching(/^free_[A-Za-z0-9]{14}$/),
        courseId: COURSE,
        pricingTierId: null,
        accessType: 'permanent',
        amountPaise: 0,
        listPricePaise: 499_900,
        couponId: free.id,
        status: 'paid',
        paidAt: ctx.clock.now,
        providerPaymentId: null,
      });
      // In the learner's orders, as a paid order of 0.
      const orders = (await get(ctx, '/api/v1/payments/orders', learner)).json() as Array<Record<string, unknown>>;
      expect(orders).toMatchObject([{ orderId: order?.id, amount: 0, status: 'paid' }]);
      expect(await counted(free.id)).toEqual({ counter: 1, rows: 1 });
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order?.id ?? '')));
      expect(audit).toMatchObject({
        actorId: learner.id,
        actorEmail: learner.email,
        action: 'coupon.redeem_free',
        before: null,
        after: { couponId: free.id, code: 'SCHOLAR', courseId: COURSE, listPricePaise: 499_900 },
      });
      const mails = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.userId, learner.id));
      expect(mails.map((m) => m.kind)).toEqual(['welcome']);

      // The same learner again, for another course: the per-learner cap (1) refuses it, and nothing changes.
      const again = await refusal(redeem(learner, 'SCHOLAR', OTHER_COURSE));
      expect(again).toEqual({
        status: 409,
        code: 'coupon_limit_reached',
        detail: 'You have already used this coupon.',
      });
      expect(await ordersOf(learner)).toHaveLength(1);
      expect(await enrollmentsOf(ctx.database, learner.id, OTHER_COURSE)).toEqual([]);
      expect(await counted(free.id)).toEqual({ counter: 1, rows: 1 });
      // Enrolled for life already: the same as buying it again.
      const twice = await refusal(redeem(learner, 'SCHOLAR'));
      expect(twice).toMatchObject({ status: 409, code: 'already_enrolled' });
    });

    it('gives a weekly tier its week, and refuses a coupon that leaves something to pay', async () => {
      await coupon({ code: 'WEEKFREE', kind: 'fixed', value: 99_900, scope: 'tiers', tierIds: [WEEKLY] });
      await coupon({ code: 'HALF', kind: 'percent', value: 50, scope: 'all' });
      const learner = await createLearner(ctx);
      expect(await refusal(redeem(learner, 'HALF', COURSE, WEEKLY))).toEqual({
        status: 409,
        code: 'coupon_not_free',
        detail: 'This coupon does not make the course free: pay the reduced price instead.',
      });
      // The weekly tier's coupon is not for the lifetime one; for the week it is the whole price.
      expect(await refusal(redeem(learner, 'WEEKFREE', COURSE, LIFETIME))).toMatchObject({
        code: 'coupon_not_applicable',
      });
      expect(await ordersOf(learner)).toEqual([]);
      expect((await redeem(learner, 'WEEKFREE', COURSE, WEEKLY)).statusCode).toBe(200);
      expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toMatchObject([
        { accessType: 'weekly', expiresAt: new Date(ctx.clock.now.getTime() + 7 * 86_400_000) },
      ]);
    });

    it('lets only one learner take the last place when two redeem at once', async () => {
      const free = await coupon({ code: 'LASTONE', kind: 'percent', value: 100, scope: 'all', maxRedemptions: 1 });
      const [a, b] = [await createLearner(ctx), await createLearner(ctx)];
      const answers = await Promise.all([redeem(a, 'LASTONE'), redeem(b, 'LASTONE')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'coupon_exhausted' });
      expect(await counted(free.id)).toEqual({ counter: 1, rows: 1 });
    });
  });
});
