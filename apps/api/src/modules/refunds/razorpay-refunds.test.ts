import { refundOutcomeSchema } from '@kaushal/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { razorpayEnv, startFakeRazorpay } from '../../../test/fake-razorpay.ts';
import { createLearner, enrollmentsOf, orderRow, post, refundEvent, webhook } from '../../../test/payments.ts';
import { buy, creditNotesOf, razorpayPayment, refundMailsTo, refundsOf } from './test-support.ts';

const COURSE = 'vector-databases';
const LIFETIME = 'vector-databases-lifetime';
const TIMEOUT_MS = 400;

// The fake must listen before the app is built, so its URL can be configured like Razorpay's.
const fake = await startFakeRazorpay();
afterAll(() => fake.close());

describe("refunds through Razorpay's Refunds API (a local fake): exactly once under races and faults", () => {
  const ctx = useTestApp({ env: razorpayEnv(fake, TIMEOUT_MS) });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.refundMode = 'ok';
    fake.refunds.length = 0;
  });
  const pay = razorpayPayment(fake.keySecret);
  const refund = (learner: Parameters<typeof post>[2], orderId: string) =>
    post(ctx, `/api/v1/payments/orders/${orderId}/refund`, learner);
  const refundWebhook = (order: { orderId: string; paymentId: string; amount: number }, refundId: string, notes = {}) =>
    webhook(
      ctx,
      fake.webhookSecret,
      refundEvent(order.orderId, order.paymentId, order.amount, order.amount, { refundId, notes }),
    );

  it('asks Razorpay for the whole amount with our refund id in the notes; its webhook afterwards changes nothing', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, pay);
    const res = await refund(learner, order.orderId);
    expect(res.statusCode).toBe(200);
    const ours = refundOutcomeSchema.parse(res.json()).refund;
    expect(fake.refunds).toEqual([
      {
        id: expect.stringMatching(/^rfnd_/),
        paymentId: order.paymentId,
        amount: order.amount,
        notes: { refund_id: ours.id },
      },
    ]);
    const made = fake.refunds[0];
    if (!made) throw new Error('no refund made');
    for (let i = 0; i < 2; i++) {
      const res = await refundWebhook(order, made.id, made.notes);
      expect(res.json().message).toBe('processed');
    }
    expect(await refundsOf(ctx, order.orderId)).toMatchObject([{ status: 'processed', providerRefundId: made.id }]);
    expect(await creditNotesOf(ctx, order.orderId)).toHaveLength(1);
    expect(await refundMailsTo(ctx, learner)).toHaveLength(1);
  });

  it('leaves a timed-out refund pending, tells the learner, and settles it once when the webhook arrives', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, pay);
    fake.refundMode = 'hang_after_refund';
    const res = await refund(learner, order.orderId);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('refund_pending');
    expect(await refundsOf(ctx, order.orderId)).toMatchObject([{ status: 'pending' }]);
    // Still the learner's until Razorpay confirms; a second click does not ask Razorpay again.
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
    const again = await refund(learner, order.orderId);
    expect(again.statusCode).toBe(200);
    expect(refundOutcomeSchema.parse(again.json()).refund.status).toBe('pending');
    expect(fake.refunds).toHaveLength(1);

    const made = fake.refunds[0];
    if (!made) throw new Error('no refund made');
    await refundWebhook(order, made.id, made.notes);
    await refundWebhook(order, made.id, made.notes);
    expect(await refundsOf(ctx, order.orderId)).toMatchObject([{ status: 'processed', providerRefundId: made.id }]);
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'refunded' });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toEqual([]);
    expect(await creditNotesOf(ctx, order.orderId)).toHaveLength(1);
  });

  it('settles once when the webhook arrives before our own call returns', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, pay);
    fake.refundMode = 'hang_after_refund';
    const pending = refund(learner, order.orderId);
    // Razorpay made the refund and its webhook comes in while our call still waits for the answer.
    while (fake.refunds.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const made = fake.refunds[0];
    if (!made) throw new Error('no refund made');
    expect((await refundWebhook(order, made.id, made.notes)).json().message).toBe('processed');
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(refundOutcomeSchema.parse(res.json()).refund.status).toBe('processed');
    expect(await refundsOf(ctx, order.orderId)).toHaveLength(1);
    expect(await creditNotesOf(ctx, order.orderId)).toHaveLength(1);
    expect(await refundMailsTo(ctx, learner)).toHaveLength(1);
  });

  it('marks a refused refund failed, keeps the access, and lets the learner try again', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, pay);
    fake.refundMode = 'refuse';
    const res = await refund(learner, order.orderId);
    expect(res.statusCode).toBe(200);
    expect(refundOutcomeSchema.parse(res.json()).refund.status).toBe('failed');
    expect(await refundsOf(ctx, order.orderId)).toMatchObject([
      { status: 'failed', failure: 'The payment has been fully refunded already' },
    ]);
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'paid', refundedPaise: 0 });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
    expect(await creditNotesOf(ctx, order.orderId)).toEqual([]);
    expect((await refundMailsTo(ctx, learner)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/needs our attention$/),
    ]);

    fake.refundMode = 'ok';
    const retry = await refund(learner, order.orderId);
    expect(refundOutcomeSchema.parse(retry.json()).refund.status).toBe('processed');
    expect((await refundsOf(ctx, order.orderId)).map((r) => r.status).sort()).toEqual(['failed', 'processed']);
    expect(await creditNotesOf(ctx, order.orderId)).toHaveLength(1);
  });

  it('treats a 5xx as an unknown outcome (pending), not a failure', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, pay);
    fake.refundMode = 'server_error';
    const res = await refund(learner, order.orderId);
    expect(res.statusCode).toBe(503);
    expect(await refundsOf(ctx, order.orderId)).toMatchObject([{ status: 'pending' }]);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
  });

  it('fails our pending refund on refund.failed', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, pay);
    fake.refundMode = 'hang_after_refund';
    await refund(learner, order.orderId);
    const made = fake.refunds[0];
    if (!made) throw new Error('no refund made');
    const res = await webhook(
      ctx,
      fake.webhookSecret,
      refundEvent(order.orderId, order.paymentId, order.amount, order.amount, {
        refundId: made.id,
        notes: made.notes,
        event: 'refund.failed',
      }),
    );
    expect(res.json().message).toBe('processed');
    expect(await refundsOf(ctx, order.orderId)).toMatchObject([{ status: 'failed' }]);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
  });
});
