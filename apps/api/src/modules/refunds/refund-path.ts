import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { InvoicingConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockPaymentOrder, type PaymentOrderRow as OrderRow } from '../../db/payment-order-lock.ts';
import { paymentOrders, refunds } from '../../db/schema.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { revokeCertificate } from '../certificates/index.ts';
import { findEnrollment, rebuildPaidAccess } from '../enrollment/index.ts';
import { issueCreditNote } from '../invoices/index.ts';
import { type Outbox, queueRefundMail } from '../mail/index.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type { PaymentOrderRow as OrderRow } from '../../db/payment-order-lock.ts';

export interface RefundDeps {
  db: Db;
  outbox: Outbox;
  provider: PaymentProvider;
  invoicing: InvoicingConfig;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** The order's open refund (requested or pending): there is at most one (a partial unique index). */
export async function openRefundOf(tx: Tx | Db, orderId: string): Promise<RefundRow | undefined> {
  const [open] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['requested', 'pending'])))
    .limit(1);
  return open;
}

/**
 * Step 2 of every refund (decision 024): ask the provider to pay back a `pending` refund, then settle what it
 * answered. Accepted: the refund is processed (step 3). Refused: it is marked failed and nothing else
 * changes. No answer: it stays pending; `refund.processed` (or a retry) settles it later. Returns the refund
 * as it now stands.
 */
export async function executeRefund(deps: RefundDeps, refundId: string): Promise<RefundRow> {
  const [row] = await deps.db
    .select({ refund: refunds, paymentId: paymentOrders.providerPaymentId })
    .from(refunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, refunds.orderId))
    .where(eq(refunds.id, refundId))
    .limit(1);
  if (!row) throw new Error(`refund ${refundId} does not exist`);
  if (row.refund.status !== 'pending' || !row.paymentId) return row.refund;

  const answer = await deps.provider.refund({
    paymentId: row.paymentId,
    amountPaise: row.refund.amountPaise,
    refundId,
  });
  const context = { refundId, orderId: row.refund.orderId };
  switch (answer.kind) {
    case 'accepted':
      return settleRefund(deps, { refundId, providerRefundId: answer.providerRefundId });
    case 'refused':
      deps.log.error({ ...context, reason: answer.reason }, 'refund refused by the payment provider');
      return markRefundFailed(deps, refundId, answer.reason);
    case 'unknown': {
      deps.log.warn({ ...context, reason: answer.reason }, 'refund outcome unknown: left pending');
      const [pending] = await deps.db
        .update(refunds)
        .set({ failure: answer.reason })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
        .returning();
      return pending ?? (await findRefund(deps.db, refundId));
    }
  }
}

async function findRefund(db: Db | Tx, refundId: string): Promise<RefundRow> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!refund) throw new Error(`refund ${refundId} does not exist`);
  return refund;
}

/** A refusal: the refund fails, the access and the order stay as they were, the learner is told support will help. */
export async function markRefundFailed(deps: RefundDeps, refundId: string, reason: string): Promise<RefundRow> {
  return deps.db.transaction(async (tx) => {
    const current = await findRefund(tx, refundId);
    await lockPaymentOrder(tx, current.orderId);
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', failure: reason.slice(0, 500) })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!failed) return findRefund(tx, refundId);
    await queueRefundMail(tx, deps.outbox, {
      refundId,
      orderId: failed.orderId,
      amountPaise: failed.amountPaise,
      outcome: { kind: 'failed' },
      now: deps.clock(),
    });
    return failed;
  });
}

/**
 * Step 3, exactly once per refund whoever gets here first (our call's answer or the webhook): the refund is
 * processed, the order's refunded amount grows, and when the whole amount is back the order is refunded,
 * the access it paid for ends and the course's certificate is revoked; the credit note is issued and the
 * learner emailed. The order row's lock serialises the two arrivals; the second sees `processed`.
 */
export async function settleRefund(
  deps: RefundDeps,
  input: { refundId: string; providerRefundId: string },
): Promise<RefundRow> {
  return deps.db.transaction(async (tx) => {
    const current = await findRefund(tx, input.refundId);
    const order = await lockPaymentOrder(tx, current.orderId);
    if (!order) throw new Error(`order ${current.orderId} does not exist`);
    return settleRefundInTx(tx, deps, order, await findRefund(tx, input.refundId), input.providerRefundId);
  });
}

/** Step 3 inside the caller's transaction, which holds the order's lock. */
export async function settleRefundInTx(
  tx: Tx,
  deps: Pick<RefundDeps, 'outbox' | 'invoicing' | 'clock'>,
  order: OrderRow,
  refund: RefundRow,
  providerRefundId: string,
): Promise<RefundRow> {
  if (refund.status === 'processed') return refund;
  const [processed] = await tx
    .update(refunds)
    .set({ status: 'processed', providerRefundId, processedAt: deps.clock(), failure: null })
    .where(eq(refunds.id, refund.id))
    .returning();
  if (!processed) throw new Error(`refund ${refund.id} vanished`);
  await applyRefundEffects(tx, deps, order, processed);
  return processed;
}

/**
 * What a processed refund does, once (its caller just made it processed, under the order's lock): the
 * order's refunded amount grows; the whole amount back refunds the order, ends the access it paid for and
 * revokes the course's certificate; the credit note is issued and the learner emailed with it.
 */
export async function applyRefundEffects(
  tx: Tx,
  deps: Pick<RefundDeps, 'outbox' | 'invoicing' | 'clock'>,
  order: OrderRow,
  refund: RefundRow,
): Promise<void> {
  const now = deps.clock();
  const refundedPaise = Math.min(order.amountPaise, order.refundedPaise + refund.amountPaise);
  const whole = refundedPaise >= order.amountPaise;
  await tx
    .update(paymentOrders)
    .set(whole ? { refundedPaise, status: 'refunded', refundedAt: now } : { refundedPaise })
    .where(eq(paymentOrders.id, order.id));
  let accessEnded = false;
  if (whole && order.userId) {
    await rebuildPaidAccess(tx, order.userId, order.courseId, now);
    await revokeCertificate(tx, { userId: order.userId, courseId: order.courseId, reason: 'refund', now });
    // Other payments, a free course or a staff grant may keep the learner enrolled: the email says what is true.
    accessEnded = (await findEnrollment(tx, order.userId, order.courseId)) === undefined;
  }
  const creditNote = await issueCreditNote(
    tx,
    deps.invoicing,
    {
      refundId: refund.id,
      orderId: order.id,
      amountPaise: refund.amountPaise,
      reason: refund.reason ?? REFUND_KIND_REASONS[refund.kind],
    },
    now,
  );
  await queueRefundMail(tx, deps.outbox, {
    refundId: refund.id,
    orderId: order.id,
    amountPaise: refund.amountPaise,
    outcome: { kind: 'processed', creditNoteNumber: creditNote.number, accessEnded, processedAt: now },
    creditNoteId: creditNote.id,
    now,
  });
}

/** The credit note's reason when the refund has none of its own. */
const REFUND_KIND_REASONS: Record<RefundRow['kind'], string> = {
  self_serve: 'Refund under the refund policy (within 12 hours and under 20% completion)',
  request: 'Cancellation approved by support',
  staff: 'Refund by support',
  provider: 'Refund made in the payment provider',
};
