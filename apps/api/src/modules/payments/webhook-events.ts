import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { applyProviderRefund, applyProviderRefundFailure, type RefundDeps } from '../refunds/index.ts';
import { findOrder } from './orders.ts';
import { markOrderFailed, settleOrder } from './settle.ts';

const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  amount_refunded: z.number().int().optional(),
});

/** The parts of Razorpay's webhook envelope we act on; everything else in it is ignored. */
export const webhookEventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string(),
            payment_id: z.string(),
            amount: z.number().int(),
            // Razorpay sends `[]` for no notes, an object otherwise.
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
          }),
        })
        .optional(),
    })
    .default({}),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export type WebhookOutcome = 'processed' | 'ignored';

/**
 * Acts on one signature-checked event. `payment.captured` / `order.paid` settle the order exactly like a
 * verify (so a learner who closed the tab still gets the course); `refund.processed` settles the refund (ours,
 * or one made in Razorpay's dashboard: the whole amount takes the access back, decision 024) and
 * `refund.failed` marks ours failed; `payment.failed` marks an unpaid order failed. Anything unexpected is ignored with
 * a log line and a 200, because Razorpay would otherwise redeliver an event we will never accept.
 */
export async function handleWebhookEvent(
  deps: RefundDeps,
  event: WebhookEvent,
  now: Date,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  const { db } = deps;
  const payment = event.payload.payment?.entity;
  const orderId = payment?.order_id ?? event.payload.order?.entity.id;
  const context = { event: event.event, orderId, paymentId: payment?.id };

  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      if (!payment || !orderId) return ignore(log, context, 'no payment in the event');
      const order = await findOrder(db, orderId);
      if (!order) return ignore(log, context, 'unknown order');
      if (payment.amount !== order.amountPaise || payment.currency !== order.currency) {
        log.error(
          { ...context, paid: payment.amount, due: order.amountPaise },
          'webhook amount differs from the order',
        );
        return 'ignored';
      }
      const result = await settleOrder(deps, orderId, payment.id, now);
      if (result.kind === 'refused') log.error({ ...context, reason: result.reason }, 'webhook payment not settled');
      log.info({ ...context, result: result.kind }, 'razorpay webhook');
      return result.kind === 'granted' || result.kind === 'already_settled' ? 'processed' : 'ignored';
    }
    case 'payment.failed': {
      if (!orderId) return ignore(log, context, 'no order in the event');
      await markOrderFailed(db, orderId);
      return 'processed';
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = event.payload.refund?.entity;
      if (!refund || !orderId) return ignore(log, context, 'no refund or order in the event');
      const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
      const ours = typeof notes.refund_id === 'string' ? notes.refund_id : null;
      const facts = { orderId, paymentId: refund.payment_id, providerRefundId: refund.id, ourRefundId: ours };
      if (event.event === 'refund.failed') {
        const changed = await applyProviderRefundFailure(deps, facts);
        log.warn({ ...context, refundId: refund.id, changed }, 'razorpay refund failed');
        return changed ? 'processed' : 'ignored';
      }
      const result = await applyProviderRefund(deps, { ...facts, amountPaise: refund.amount });
      log.info({ ...context, refundId: refund.id, result }, 'razorpay refund');
      return result === 'unknown_order' ? 'ignored' : 'processed';
    }
    default:
      return ignore(log, context, 'event not handled');
  }
}

function ignore(log: FastifyBaseLogger, context: Record<string, unknown>, why: string): WebhookOutcome {
  log.info({ ...context, why }, 'razorpay webhook ignored');
  return 'ignored';
}
