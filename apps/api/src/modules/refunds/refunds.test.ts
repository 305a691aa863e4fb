import { adminOrderDetailSchema, adminRefundListSchema, refundOutcomeSchema } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner, enrollmentsOf, get, orderRow, post } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { auditLog } from '../../db/schema.ts';
import {
  buy,
  creditNotesOf,
  purchasesOf,
  refundMailsTo,
  refundsOf,
  sandboxPayment,
  watchShare,
} from './test-support.ts';

const COURSE = 'vector-databases';
const LIFETIME = 'vector-databases-lifetime';
const HOUR = 3_600_000;

describe('refunds by the refund policy (sandbox payments)', () => {
  const ctx = useTestApp();
  const refund = (learner: Parameters<typeof post>[2], orderId: string) =>
    post(ctx, `/api/v1/payments/orders/${orderId}/refund`, learner);
  const requestCancellation = (learner: Parameters<typeof post>[2], orderId: string, reason = 'Bought by mistake') =>
    post(ctx, `/api/v1/payments/orders/${orderId}/cancellation-request`, learner, { reason });
  const later = (hours: number) => {
    ctx.clock.now = new Date(ctx.clock.now.getTime() + hours * HOUR);
  };

  it('refunds in full at once within 12 hours and under 20%: access ends, a credit note and an email follow', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, sandboxPayment(ctx, learner));
    await watchShare(ctx, learner, COURSE, 0.1);
    later(11);

    const [before] = await purchasesOf(ctx, learner);
    expect(before?.eligibility).toMatchObject({ action: 'refund', hoursSincePayment: 11 });
    // A tenth of each lesson, in whole seconds: a little under 10%.
    expect(before?.eligibility?.completionPercent).toBeGreaterThan(9);
    expect(before?.eligibility?.completionPercent).toBeLessThanOrEqual(10);

    const res = await refund(learner, order.orderId);
    expect(res.statusCode).toBe(200);
    const outcome = refundOutcomeSchema.parse(res.json());
    expect(outcome.refund).toMatchObject({ kind: 'self_serve', status: 'processed', amount: order.amount });
    expect(outcome.message).toMatch(/^Refund of ₹[\d,]+ processed\. Your access to the course has ended\./);

    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({
      status: 'refunded',
      refundedPaise: order.amount,
    });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toEqual([]);
    const notes = await creditNotesOf(ctx, order.orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.totalPaise).toBe(order.amount);
    const mails = await refundMailsTo(ctx, learner);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Your refund for /);
    expect(mails[0]?.attachments).toEqual([{ kind: 'invoice', invoiceId: notes[0]?.id }]);

    const [after] = await purchasesOf(ctx, learner);
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
    expect(after?.creditNotes).toHaveLength(1);
    expect(after?.eligibility?.action).toBe('none');
    // Asking again changes nothing.
    const again = await refund(learner, order.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('refund_not_allowed');
    expect(await refundsOf(ctx, order.orderId)).toHaveLength(1);
  });

  it('makes one refund and one credit note from a double click and a second tab', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, sandboxPayment(ctx, learner));
    const answers = await Promise.all([1, 2, 3].map(() => refund(learner, order.orderId)));
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const rows = await refundsOf(ctx, order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('processed');
    expect(await creditNotesOf(ctx, order.orderId)).toHaveLength(1);
    expect(await refundMailsTo(ctx, learner)).toHaveLength(1);
  });

  it('turns the button into a cancellation request after 12 hours or at 20%, which support decides', async () => {
    const learner = await createLearner(ctx);
    const support = await createStaff(ctx, 'Sam Support', 'support');
    const order = await buy(ctx, learner, COURSE, LIFETIME, sandboxPayment(ctx, learner));
    await watchShare(ctx, learner, COURSE, 0.22);

    const refused = await refund(learner, order.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/have completed 2[12](\.\d)?% of the course/);
    const [purchase] = await purchasesOf(ctx, learner);
    expect(purchase?.eligibility?.action).toBe('request');

    const asked = await requestCancellation(learner, order.orderId);
    expect(asked.statusCode).toBe(200);
    expect(refundOutcomeSchema.parse(asked.json()).refund).toMatchObject({ kind: 'request', status: 'requested' });
    // Asking twice answers the same request.
    const twice = await requestCancellation(learner, order.orderId);
    expect(refundOutcomeSchema.parse(twice.json()).refund.id).toBe(refundOutcomeSchema.parse(asked.json()).refund.id);
    expect((await refundMailsTo(ctx, learner)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^We received your cancellation request/),
    ]);

    const queue = adminRefundListSchema.parse(
      (await callAs(ctx, support, 'GET', '/admin/refunds?status=requested')).json(),
    ).refunds;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ reason: 'Bought by mistake', order: { orderId: order.orderId } });
    expect(queue[0]?.eligibility?.completionPercent).toBeGreaterThanOrEqual(21);

    const id = queue[0]?.id;
    const approved = await callAs(ctx, support, 'POST', `/admin/refunds/${id}/decision`, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'processed', kind: 'request' });
    expect(await orderRow(ctx.database, order.orderId)).toMatchObject({ status: 'refunded' });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toEqual([]);
    expect(await creditNotesOf(ctx, order.orderId)).toHaveLength(1);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.orderId)));
    expect(audit.map((row) => row.action)).toEqual(['refund.approve']);
    // Deciding again is refused.
    const second = await callAs(ctx, support, 'POST', `/admin/refunds/${id}/decision`, {
      decision: 'reject',
      reason: 'Too late',
    });
    expect(second.statusCode).toBe(409);
  });

  it('emails a rejection with its reason and keeps the access', async () => {
    const learner = await createLearner(ctx);
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const order = await buy(ctx, learner, COURSE, LIFETIME, sandboxPayment(ctx, learner));
    later(30);
    const asked = refundOutcomeSchema.parse((await requestCancellation(learner, order.orderId)).json());
    const noReason = await callAs(ctx, admin, 'POST', `/admin/refunds/${asked.refund.id}/decision`, {
      decision: 'reject',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await callAs(ctx, admin, 'POST', `/admin/refunds/${asked.refund.id}/decision`, {
      decision: 'reject',
      reason: 'You watched most of the first section.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      decisionReason: 'You watched most of the first section.',
    });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);
    const mails = await refundMailsTo(ctx, learner);
    expect(mails.map((m) => m.subject)).toContain(
      `Your cancellation request for ${mails[0]?.subject.split(' for ')[1]}`,
    );
    expect(mails.some((m) => m.text.includes('You watched most of the first section.'))).toBe(true);
    const [purchase] = await purchasesOf(ctx, learner);
    expect(purchase?.eligibility).toMatchObject({ action: 'none' });
    expect(purchase?.refunds[0]).toMatchObject({ status: 'rejected' });
  });

  it('explains with the figures why nothing is possible after 48 hours', async () => {
    const learner = await createLearner(ctx);
    const order = await buy(ctx, learner, COURSE, LIFETIME, sandboxPayment(ctx, learner));
    later(50);
    const [purchase] = await purchasesOf(ctx, learner);
    expect(purchase?.eligibility).toMatchObject({ action: 'none', hoursSincePayment: 50 });
    expect(purchase?.eligibility?.reason).toMatch(/You paid 50 hours ago and have completed 0% of the course\./);
    const res = await requestCancellation(learner, order.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('cancellation_not_allowed');
    expect(await refundsOf(ctx, order.orderId)).toEqual([]);
  });

  it("answers another learner's order like one that does not exist, and needs a session", async () => {
    const owner = await createLearner(ctx);
    const other = await createLearner(ctx, 'Other Learner');
    const order = await buy(ctx, owner, COURSE, LIFETIME, sandboxPayment(ctx, owner));
    for (const res of [await refund(other, order.orderId), await requestCancellation(other, order.orderId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('order_not_found');
    }
    expect((await refund(null, order.orderId)).statusCode).toBe(401);
    expect((await refund(owner, 'order_DOESNOTEXIST1')).statusCode).toBe(404);
    expect((await post(ctx, '/api/v1/payments/orders/bad%20id/refund', owner)).statusCode).toBe(400);
    expect(await refundsOf(ctx, order.orderId)).toEqual([]);
    expect(await enrollmentsOf(ctx.database, owner.id, COURSE)).toHaveLength(1);
  });

  it('lets support refund part and then the rest from the console, each with a reason in the audit log', async () => {
    const learner = await createLearner(ctx);
    const support = await createStaff(ctx, 'Sam Support', 'support');
    const instructor = await createStaff(ctx, 'Ian Instructor', 'instructor');
    const order = await buy(ctx, learner, COURSE, LIFETIME, sandboxPayment(ctx, learner));
    const url = `/admin/orders/${order.orderId}/refunds`;

    expect((await callAs(ctx, instructor, 'POST', url, { amount: 10_000, reason: 'Goodwill' })).statusCode).toBe(403);
    expect((await callAs(ctx, learner, 'GET', `/admin/orders/${order.orderId}`)).statusCode).toBe(403);
    const tooMuch = await callAs(ctx, support, 'POST', url, { amount: order.amount + 100, reason: 'Goodwill' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('refund_too_large');

    const part = await callAs(ctx, support, 'POST', url, { amount: 10_000, reason: 'Video quality issue' });
    expect(part.statusCode).toBe(200);
    expect(adminOrderDetailSchema.parse(part.json())).toMatchObject({ status: 'paid', refundedAmount: 10_000 });
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toHaveLength(1);

    const rest = await callAs(ctx, support, 'POST', url, { amount: order.amount - 10_000, reason: 'Left the job' });
    const detail = adminOrderDetailSchema.parse(rest.json());
    expect(detail).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
    expect(detail.creditNotes.map((note) => note.amount)).toEqual([10_000, order.amount - 10_000]);
    expect(detail.refunds.map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(await enrollmentsOf(ctx.database, learner.id, COURSE)).toEqual([]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, order.orderId)));
    expect(audit.map((row) => (row.after as { reason: string }).reason)).toEqual([
      'Video quality issue',
      'Left the job',
    ]);

    const found = await callAs(ctx, support, 'GET', `/admin/orders?q=${encodeURIComponent(learner.email)}`);
    expect(found.json().orders.map((o: { orderId: string }) => o.orderId)).toEqual([order.orderId]);
    const byPayment = await get(ctx, `/api/v1/admin/orders?q=${order.paymentId}`, support);
    expect(byPayment.json().orders).toHaveLength(1);
  });
});
