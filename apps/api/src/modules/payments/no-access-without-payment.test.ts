import { courseDetailSchema, paymentOrderSchema, sandboxPaymentSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  capturedEvent,
  createLearner,
  enrollmentsOf,
  get,
  hmac,
  type Learner,
  post,
  webhook,
} from '../../../test/payments.ts';
import { enrollments } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';

const PAID = 'llmops-deployment';
const LIFETIME = 'llmops-deployment-lifetime';

/**
 * The one promise that matters most: no request gets a learner into a paid course without a verified
 * payment. An attacker with an account tries every enrollment and payment endpoint in turn.
 */
describe('no access to a paid course without a verified payment', () => {
  const ctx = useTestApp();

  const createOrder = async (learner: Learner, body: Record<string, unknown>) =>
    post(ctx, '/api/v1/payments/create-order', learner, body);

  it('holds against every endpoint', async () => {
    const attacker = await createLearner(ctx, 'Mallory');
    const victim = await createLearner(ctx, 'Victim');
    const { config } = ctx.app.deps;
    const sandbox = createSandboxProvider(config.sessionSecret);
    const statuses: Record<string, number> = {};

    // 1. The free path, with and without a body trying to smuggle a price.
    statuses.enroll = (await post(ctx, `/api/v1/courses/${PAID}/enroll`, attacker)).statusCode;
    statuses.enrollWithBody = (
      await post(ctx, `/api/v1/courses/${PAID}/enroll`, attacker, { price: 0, amount: 0 })
    ).statusCode;

    // 2. Orders with a client-chosen price or access (ignored: the order is priced from the catalogue).
    const res = await createOrder(attacker, { courseId: PAID, pricingTierId: LIFETIME, amount: 0, status: 'paid' });
    const order = paymentOrderSchema.parse(res.json());
    expect(order.amount).toBe(1_299_900);

    // 3. Verify with forged data of every kind.
    const paymentId = 'pay_MALLORYPAYMENT';
    const forgeries = {
      randomHex: 'deadbeef'.repeat(8),
      wrongSecretSession: hmac(config.sessionSecret, `${order.orderId}|${paymentId}`),
      wrongSecretKeyId: hmac(sandbox.keyId, `${order.orderId}|${paymentId}`),
      webhookSecretInstead: hmac(sandbox.webhookSecret, `${order.orderId}|${paymentId}`),
      swappedOrder: hmac(sandbox.keySecret, `${paymentId}|${order.orderId}`),
      unsignedPayload: `${order.orderId}|${paymentId}`.replace(/[^a-f0-9]/gi, 'a'),
    };
    for (const [name, razorpay_signature] of Object.entries(forgeries)) {
      statuses[`verify:${name}`] = (
        await post(ctx, '/api/v1/payments/verify', attacker, {
          razorpay_order_id: order.orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature,
        })
      ).statusCode;
    }
    statuses['verify:extraFields'] = (
      await post(ctx, '/api/v1/payments/verify', attacker, {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: forgeries.randomHex,
        success: true,
        status: 'paid',
      })
    ).statusCode;
    statuses['verify:noSignature'] = (
      await post(ctx, '/api/v1/payments/verify', attacker, {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: paymentId,
      })
    ).statusCode;

    // 4. A genuine payment of somebody else, replayed as the attacker's, and glued to the attacker's order.
    const victimOrder = paymentOrderSchema.parse(
      (await createOrder(victim, { courseId: PAID, pricingTierId: LIFETIME })).json(),
    );
    const victimPayment = sandboxPaymentSchema.parse(
      (await post(ctx, '/api/v1/payments/sandbox/pay', victim, { orderId: victimOrder.orderId })).json(),
    );
    statuses['verify:victimPayment'] = (await post(ctx, '/api/v1/payments/verify', attacker, victimPayment)).statusCode;
    statuses['verify:victimSignatureOnOwnOrder'] = (
      await post(ctx, '/api/v1/payments/verify', attacker, { ...victimPayment, razorpay_order_id: order.orderId })
    ).statusCode;

    // 5. The sandbox signs only the caller's own orders; a signature alone, never verified, grants nothing.
    statuses['sandboxPay:victimOrder'] = (
      await post(ctx, '/api/v1/payments/sandbox/pay', attacker, { orderId: victimOrder.orderId })
    ).statusCode;
    statuses['sandboxPay:ownOrder'] = (
      await post(ctx, '/api/v1/payments/sandbox/pay', attacker, { orderId: order.orderId })
    ).statusCode;

    // 6. Webhooks: unsigned, signed with a guessed or the key secret, and a JSON body unlike the signed one.
    const event = capturedEvent(order.orderId, paymentId, order.amount);
    statuses['webhook:unsigned'] = (await webhook(ctx, null, event)).statusCode;
    statuses['webhook:guessedSecret'] = (await webhook(ctx, 'whsec_guess', event)).statusCode;
    statuses['webhook:keySecret'] = (await webhook(ctx, sandbox.keySecret, event)).statusCode;
    statuses['webhook:emptySignature'] = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': '' },
        payload: JSON.stringify(event),
      })
    ).statusCode;
    statuses['webhook:formEncoded'] = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-razorpay-signature': 'abc' },
        payload: 'event=payment.captured',
      })
    ).statusCode;

    // 7. Reads and unknown methods.
    statuses.status = (await get(ctx, `/api/v1/payments/status/${order.orderId}`, attacker)).statusCode;
    statuses.statusOfVictim = (await get(ctx, `/api/v1/payments/status/${victimOrder.orderId}`, attacker)).statusCode;
    statuses.putEnroll = (
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/courses/${PAID}/enroll`,
        headers: { cookie: attacker.cookie },
      })
    ).statusCode;

    expect(statuses).toEqual({
      enroll: 400,
      enrollWithBody: 400,
      'verify:randomHex': 400,
      'verify:wrongSecretSession': 400,
      'verify:wrongSecretKeyId': 400,
      'verify:webhookSecretInstead': 400,
      'verify:swappedOrder': 400,
      'verify:unsignedPayload': 400,
      'verify:extraFields': 400,
      'verify:noSignature': 400,
      'verify:victimPayment': 404,
      'verify:victimSignatureOnOwnOrder': 400,
      'sandboxPay:victimOrder': 404,
      'sandboxPay:ownOrder': 200,
      'webhook:unsigned': 400,
      'webhook:guessedSecret': 400,
      'webhook:keySecret': 400,
      'webhook:emptySignature': 400,
      'webhook:formEncoded': 400,
      status: 200,
      statusOfVictim: 404,
      putEnroll: 404,
    });

    expect(await enrollmentsOf(ctx.database, attacker.id)).toEqual([]);
    // The victim never verified either: nobody holds the course.
    expect(await ctx.database.db.select().from(enrollments)).toEqual([]);
    const course = courseDetailSchema.parse((await get(ctx, `/api/v1/courses/${PAID}`, attacker)).json());
    expect(course).toMatchObject({ isEnrolled: false, enrollmentStatus: null });
  });
});
