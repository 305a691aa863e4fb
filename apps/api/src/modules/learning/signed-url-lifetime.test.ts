import { paymentOrderSchema, sandboxPaymentSchema, signedVideoSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner, get, post, refundEvent, webhook } from '../../../test/payments.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { advance } from './test-support.ts';

/**
 * Signed media links are bearer credentials (decision 002); issue 24: they lived 2 hours, so a link kept working
 * long after a refund or an account deletion. Now they live 10 minutes, and every new one is issued only after
 * the learner's access is checked again (the player asks for a new one when its link has expired).
 */
const COURSE = 'vector-databases';
const LIFETIME = 'vector-databases-lifetime';
const PAID_LESSON = 'vector-databases-02';
const TEN_MINUTES = 10 * 60;

describe('signed media links', () => {
  const ctx = useTestApp();
  const webhookSecret = () => createSandboxProvider(ctx.app.deps.config.sessionSecret).webhookSecret;
  const media = (url: string) => ctx.app.inject({ url, headers: { range: 'bytes=0-99' } });

  /** A learner who bought lifetime access through the payment sandbox and the real verify path. */
  async function buyer() {
    const learner = await createLearner(ctx);
    const order = paymentOrderSchema.parse(
      (await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: LIFETIME })).json(),
    );
    const payment = sandboxPaymentSchema.parse(
      (await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: order.orderId })).json(),
    );
    expect((await post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    return { learner, order, payment };
  }

  it('live 10 minutes: the media route streams a link until then and refuses it after', async () => {
    const { learner } = await buyer();
    const res = await get(ctx, `/api/v1/lessons/${PAID_LESSON}/signed-url`, learner);
    expect(res.statusCode).toBe(200);
    const { url } = signedVideoSchema.parse(res.json());
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - ctx.clock.now.getTime()).toBeLessThanOrEqual(TEN_MINUTES * 1000);
    expect(exp * 1000 - ctx.clock.now.getTime()).toBeGreaterThan((TEN_MINUTES - 1) * 1000);

    advance(ctx, TEN_MINUTES - 5);
    expect((await media(url)).statusCode).toBe(206);
    advance(ctx, 5);
    const expired = await media(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('media_link_expired');
    // The learner still has access: a new link is issued and plays.
    const renewed = signedVideoSchema.parse(
      (await get(ctx, `/api/v1/lessons/${PAID_LESSON}/signed-url`, learner)).json(),
    );
    expect((await media(renewed.url)).statusCode).toBe(206);
  });

  it('after a refund, no new link is issued and the link already held dies within 10 minutes', async () => {
    const { learner, order, payment } = await buyer();
    const held = signedVideoSchema.parse((await get(ctx, `/api/v1/lessons/${PAID_LESSON}/signed-url`, learner)).json());

    const refund = await webhook(
      ctx,
      webhookSecret(),
      refundEvent(order.orderId, payment.razorpay_payment_id, order.amount, order.amount),
    );
    expect(refund.statusCode).toBe(200);

    const again = await get(ctx, `/api/v1/lessons/${PAID_LESSON}/signed-url`, learner);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      detail: 'Please enroll in the course to access this lesson.',
      code: 'enrollment_required',
    });
    expect((await get(ctx, `/api/v1/lessons/${PAID_LESSON}`, learner)).statusCode).toBe(403);

    advance(ctx, TEN_MINUTES);
    expect((await media(held.url)).statusCode).toBe(403);
  });
});
