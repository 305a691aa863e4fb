import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { lockPaymentOrder } from '../../db/payment-order-lock.ts';
import { refunds } from '../../db/schema.ts';
import {
  applyRefundEffects,
  markRefundFailed,
  openRefundOf,
  type RefundDeps,
  type RefundRow,
  settleRefundInTx,
} from './refund-path.ts';

export interface ProviderRefundEvent {
  orderId: string;
  paymentId: string;
  providerRefundId: string;
  amountPaise: number;
  /** Our refund id from the refund's notes, when we asked for it. */
  ourRefundId: string | null;
}

export type ProviderRefundOutcome = 'settled' | 'already_settled' | 'unknown_order';

const uuid = z.uuid();

/** Our refund the event is about: by the provider's id, else by the id we put in its notes. */
async function matchRefund(tx: Tx, event: ProviderRefundEvent): Promise<RefundRow | undefined> {
  const ours = event.ourRefundId && uuid.safeParse(event.ourRefundId).success ? event.ourRefundId : null;
  const [match] = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, event.orderId),
        ours
          ? or(eq(refunds.providerRefundId, event.providerRefundId), eq(refunds.id, ours))
          : eq(refunds.providerRefundId, event.providerRefundId),
      ),
    )
    .for('update')
    .limit(1);
  return match;
}

/**
 * `refund.processed`: settles our own refund if the webhook beat our call's answer (or our call got none),
 * and does nothing if our call settled it first. A refund nobody asked for here (made in Razorpay's
 * dashboard) is recorded as a `provider` refund with the same effects; a cancellation request waiting for
 * support is the refund it fulfils.
 */
export async function applyProviderRefund(
  deps: RefundDeps,
  event: ProviderRefundEvent,
): Promise<ProviderRefundOutcome> {
  return deps.db.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, event.orderId);
    if (!order || order.providerPaymentId !== event.paymentId) return 'unknown_order';
    const match = await matchRefund(tx, event);
    if (match?.status === 'processed') return 'already_settled';
    if (match) {
      await settleRefundInTx(tx, deps, order, match, event.providerRefundId);
      return 'settled';
    }
    const open = await openRefundOf(tx, order.id);
    if (open?.status === 'requested') {
      const [fulfilled] = await tx
        .update(refunds)
        .set({ status: 'pending', amountPaise: event.amountPaise, decidedAt: deps.clock() })
        .where(eq(refunds.id, open.id))
        .returning();
      if (fulfilled) await settleRefundInTx(tx, deps, order, fulfilled, event.providerRefundId);
      return 'settled';
    }
    const now = deps.clock();
    const [recorded] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        userId: order.userId,
        kind: 'provider',
        status: 'processed',
        amountPaise: event.amountPaise,
        providerRefundId: event.providerRefundId,
        createdAt: now,
        processedAt: now,
      })
      .returning();
    if (recorded) await applyRefundEffects(tx, deps, order, recorded);
    return 'settled';
  });
}

/** `refund.failed`: our pending refund failed after all (the bank refused); the learner and support hear of it. */
export async function applyProviderRefundFailure(
  deps: RefundDeps,
  event: Omit<ProviderRefundEvent, 'amountPaise'>,
): Promise<boolean> {
  const match = await deps.db.transaction(async (tx) => matchRefund(tx, { ...event, amountPaise: 0 }));
  if (match?.status !== 'pending') return false;
  await markRefundFailed(deps, match.id, 'The payment provider reports the refund failed.');
  return true;
}
