import type { AdminOrderDetail, AdminRefund, RefundDecisionBody, RefundStatus } from '@kaushal/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockPaymentOrder } from '../../db/payment-order-lock.ts';
import { invoices, paymentOrders, refunds } from '../../db/schema.ts';
import { conflict, notFound, unavailable } from '../../lib/errors.ts';
import { formatRupees } from '../../lib/money.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { queueRefundMail } from '../mail/index.ts';
import { orderSummaryQuery, toOrderSummary } from '../orders/index.ts';
import { eligibilityOf } from './eligibility.ts';
import { executeRefund, openRefundOf, type RefundDeps, type RefundRow } from './refund-path.ts';
import { toRefund } from './views.ts';

const ORDER_NOT_FOUND = 'There is no order with this reference.';

/** The provider gave no answer: the refund is pending, and the console says so (it settles on the webhook). */
function pendingWithoutAnswer(refund: RefundRow): never {
  throw unavailable(
    `The payment provider did not answer in time (${refund.failure ?? 'no answer'}). The refund is pending and settles when the provider confirms it; do not refund again.`,
    'refund_pending',
  );
}

/**
 * Support's decision on a cancellation request. Approving starts the same refund path as the learner's
 * button (the whole amount); rejecting records the reason and emails it. Either is audited, and a request
 * already decided cannot be decided again (409).
 */
export async function decideRequest(
  deps: RefundDeps,
  actor: Actor,
  refundId: string,
  body: RefundDecisionBody,
): Promise<AdminRefund> {
  const decided = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
    if (!found) throw notFound('There is no refund or request with this id.', 'refund_not_found');
    await lockPaymentOrder(tx, found.orderId);
    const [request] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (request?.status !== 'requested') {
      throw conflict('This request has been decided already. Reload to see its state.', 'refund_already_decided');
    }
    const now = deps.clock();
    const approve = body.decision === 'approve';
    const [updated] = await tx
      .update(refunds)
      .set(
        approve
          ? { status: 'pending', decidedAt: now, actorId: actor.id }
          : { status: 'rejected', decidedAt: now, actorId: actor.id, decisionReason: body.reason },
      )
      .where(eq(refunds.id, refundId))
      .returning();
    if (!updated) throw new Error('refund update returned nothing');
    await recordAudit(
      tx,
      actor,
      {
        action: approve ? 'refund.approve' : 'refund.reject',
        entity: 'order',
        entityId: updated.orderId,
        before: { refund: refundId, status: 'requested' },
        after: approve
          ? { status: 'pending' }
          : { status: 'rejected', reason: body.decision === 'reject' ? body.reason : null },
      },
      now,
    );
    if (!approve && body.decision === 'reject') {
      await queueRefundMail(tx, deps.outbox, {
        refundId,
        orderId: updated.orderId,
        amountPaise: updated.amountPaise,
        outcome: { kind: 'rejected', reason: body.reason },
        now,
      });
    }
    return updated;
  });
  const result = decided.status === 'pending' ? await executeRefund(deps, refundId) : decided;
  if (result.status === 'pending' && result.failure) pendingWithoutAnswer(result);
  return adminRefund(deps.db, result, deps.clock());
}

/**
 * A refund by support or an admin: any amount up to what is left, with a reason in the audit log. The whole
 * remainder ends the access; a part keeps it. One refund at a time per order.
 */
export async function staffRefund(
  deps: RefundDeps,
  actor: Actor,
  orderId: string,
  input: { amount: number; reason: string },
): Promise<AdminOrderDetail> {
  const refund = await deps.db.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    if (order.status !== 'paid' || !order.providerPaymentId) {
      throw conflict(
        order.status === 'refunded'
          ? 'This order has been refunded in full already.'
          : 'Only a paid order can be refunded.',
        'order_not_refundable',
      );
    }
    const open = await openRefundOf(tx, orderId);
    if (open) {
      throw conflict(
        open.status === 'requested'
          ? 'The learner has asked to cancel this order: decide their request in Refunds instead.'
          : 'A refund of this order is in progress.',
        'refund_open',
      );
    }
    const remaining = order.amountPaise - order.refundedPaise;
    if (input.amount > remaining) {
      throw conflict(`At most ${formatRupees(remaining)} of this order is left to refund.`, 'refund_too_large');
    }
    const now = deps.clock();
    const [created] = await tx
      .insert(refunds)
      .values({
        orderId,
        userId: order.userId,
        kind: 'staff',
        status: 'pending',
        amountPaise: input.amount,
        reason: input.reason,
        actorId: actor.id,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('refund insert returned nothing');
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.refund',
        entity: 'order',
        entityId: orderId,
        before: { refundedPaise: order.refundedPaise },
        after: { refund: created.id, amountPaise: input.amount, reason: input.reason },
      },
      now,
    );
    return created;
  });
  const result = await executeRefund(deps, refund.id);
  if (result.status === 'pending' && result.failure) pendingWithoutAnswer(result);
  return orderDetail(deps.db, orderId, deps.clock());
}

/** One order for the console: its invoice, credit notes, refunds and what the policy would allow now. */
export async function orderDetail(db: Db, orderId: string, now: Date): Promise<AdminOrderDetail> {
  const [row] = await orderSummaryQuery(db).where(eq(paymentOrders.id, orderId)).limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
  const [documents, orderRefunds] = await Promise.all([
    db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.issuedAt),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt)),
  ]);
  const ref = (doc: (typeof documents)[number]) => ({
    id: doc.id,
    number: doc.number,
    amount: doc.totalPaise,
    issuedAt: doc.issuedAt.toISOString(),
  });
  const invoice = documents.find((doc) => doc.kind === 'invoice');
  return {
    ...toOrderSummary(row),
    invoice: invoice ? ref(invoice) : null,
    creditNotes: documents.filter((doc) => doc.kind === 'credit_note').map(ref),
    refunds: orderRefunds.map(toRefund),
    eligibility: await eligibilityOf(db, row.order, orderRefunds, now),
  };
}

async function adminRefund(db: Db, refund: RefundRow, now: Date): Promise<AdminRefund> {
  const [row] = await orderSummaryQuery(db).where(eq(paymentOrders.id, refund.orderId)).limit(1);
  if (!row) throw new Error(`order ${refund.orderId} does not exist`);
  return {
    ...toRefund(refund),
    order: toOrderSummary(row),
    eligibility: await eligibilityOf(db, row.order, null, now),
  };
}

/** Refunds and requests by status, newest first: `requested` is support's queue. */
export async function listRefunds(
  db: Db,
  status: RefundStatus | undefined,
  limit: number,
  now: Date,
): Promise<AdminRefund[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(status ? eq(refunds.status, status) : undefined)
    .orderBy(desc(refunds.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const summaries = await orderSummaryQuery(db).where(
    inArray(paymentOrders.id, [...new Set(rows.map((r) => r.orderId))]),
  );
  const byOrder = new Map(summaries.map((s) => [s.order.id, s]));
  const result: AdminRefund[] = [];
  for (const refund of rows) {
    const summary = byOrder.get(refund.orderId);
    if (!summary) continue;
    result.push({
      ...toRefund(refund),
      order: toOrderSummary(summary),
      eligibility: refund.status === 'requested' ? await eligibilityOf(db, summary.order, null, now) : null,
    });
  }
  return result;
}
