import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../mail/index.ts';
import { findOrder } from './orders.ts';
import { markOrderFailed, refundOrder, settleOrder } from './settle.ts';

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
        .object({ entity: z.object({ id: z.string(), payment_id: z.string(), amount: z.number().int() }) })
        .optional(),
    })
    .default({}),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export type WebhookOutcome = 'processed' | 'ignored';

/**
 * Acts on one signature-checked event. `payment.captured` / `order.paid` settle the order exactly like a
 * verify (so a learner who closed the tab still gets the course); `refund.processed` for the full amount
 * takes the access back; `payment.failed` marks an unpaid order failed. Anything unexpected is ignored with
 * a log line and a 200, because Razorpay would otherwise redeliver an event we will never accept.
 */
export async function handleWebhookEvent(
  deps: { db: Db; outbox: Outbox },
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
    case 'refund.processed': {
      const refund = event.payload.refund?.entity;
      if (!refund || !orderId) return ignore(log, context, 'no refund or order in the event');
      const order = await findOrder(db, orderId);
      if (!order) return ignore(log, context, 'unknown order');
      const refunded = Math.max(payment?.amount_refunded ?? 0, refund.amount);
      if (refunded < order.amountPaise) {
        // A partial refund is a goodwill gesture decided by support; the access stays.
        log.warn({ ...context, refunded, paid: order.amountPaise }, 'partial refund: access kept');
        return 'ignored';
      }
      const changed = await refundOrder(db, orderId, refund.payment_id, now);
      log.info({ ...context, changed }, 'razorpay refund');
      return 'processed';
    }
    default:
      return ignore(log, context, 'event not handled');
  }
}

function ignore(log: FastifyBaseLogger, context: Record<string, unknown>, why: string): WebhookOutcome {
  log.info({ ...context, why }, 'razorpay webhook ignored');
  return 'ignored';
}
