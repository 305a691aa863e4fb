import type { RefundOutcome } from '@kaushal/contract';
import { lockPaymentOrder } from '../../db/payment-order-lock.ts';
import { refunds } from '../../db/schema.ts';
import { conflict, notFound, unavailable } from '../../lib/errors.ts';
import { formatRupees } from '../../lib/money.ts';
import { queueRefundMail } from '../mail/index.ts';
import { eligibilityOf } from './eligibility.ts';
import { executeRefund, openRefundOf, type RefundDeps, type RefundRow } from './refund-path.ts';
import { toRefund } from './views.ts';

/** As payments/orders.ts words it: the same order is missing the same way everywhere a learner looks. */
export const ORDER_NOT_FOUND = 'We could not find that payment order.';

const TIMING = 'The money reaches you in 7-10 business days (plus 3-7 for bank transfers).';

/** What the learner is told about a refund as it now stands. */
function outcome(refund: RefundRow): RefundOutcome {
  const amount = formatRupees(refund.amountPaise);
  const messages: Record<RefundRow['status'], string> = {
    processed: `Refund of ${amount} processed. Your access to the course has ended. ${TIMING}`,
    pending: 'Your refund has been sent to the payment provider. We will email you as soon as it is confirmed.',
    failed:
      'The payment provider did not accept the refund. Our support team has been told and will complete it by hand.',
    requested: 'Cancellation requested. Our support team will email you their decision within 3-5 business days.',
    rejected: 'Your cancellation request was declined.',
  };
  return { refund: toRefund(refund), message: messages[refund.status] };
}

/**
 * The "Refund" button: within 12 hours and under 20% completion, the whole amount at once. A second click, a
 * second tab or a retry while one is pending gets that refund back instead of a new one; the check and the
 * pending refund are made under the order's lock, so two of them cannot both pass.
 */
export async function selfServeRefund(deps: RefundDeps, userId: string, orderId: string): Promise<RefundOutcome> {
  const started = await deps.db.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, orderId);
    if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    const open = await openRefundOf(tx, orderId);
    if (open?.status === 'pending') return { refund: open, isNew: false };
    const eligibility = await eligibilityOf(tx, order, null, deps.clock());
    if (eligibility?.action !== 'refund') {
      throw conflict(eligibility?.reason ?? 'This order cannot be refunded.', 'refund_not_allowed');
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        userId,
        kind: 'self_serve',
        status: 'pending',
        amountPaise: order.amountPaise,
        completionPercent: eligibility.completionPercent,
        hoursSincePayment: eligibility.hoursSincePayment,
        createdAt: deps.clock(),
      })
      .returning();
    if (!refund) throw new Error('refund insert returned nothing');
    return { refund, isNew: true };
  });
  if (!started.isNew) return outcome(started.refund);
  const result = await executeRefund(deps, started.refund.id);
  if (result.status === 'pending' && result.failure) {
    // No answer from the provider: the refund stays pending (the webhook settles it); the learner hears so.
    throw unavailable(
      'The payment provider did not answer in time. Your refund is pending: we will email you when it is confirmed.',
      'refund_pending',
    );
  }
  return outcome(result);
}

/**
 * "Request cancellation": within 48 hours and under 25% completion (outside the instant window), a request for
 * support to decide. Asking again while it waits answers the same request.
 */
export async function requestCancellation(
  deps: RefundDeps,
  userId: string,
  orderId: string,
  reason: string,
): Promise<RefundOutcome> {
  return deps.db.transaction(async (tx) => {
    const order = await lockPaymentOrder(tx, orderId);
    if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    const open = await openRefundOf(tx, orderId);
    if (open?.status === 'requested') return outcome(open);
    const eligibility = await eligibilityOf(tx, order, null, deps.clock());
    if (eligibility?.action === 'refund') {
      throw conflict('This order can be refunded at once: use the Refund button.', 'refund_available');
    }
    if (eligibility?.action !== 'request') {
      throw conflict(eligibility?.reason ?? 'This order cannot be cancelled.', 'cancellation_not_allowed');
    }
    const now = deps.clock();
    const [request] = await tx
      .insert(refunds)
      .values({
        orderId,
        userId,
        kind: 'request',
        status: 'requested',
        amountPaise: order.amountPaise,
        reason,
        completionPercent: eligibility.completionPercent,
        hoursSincePayment: eligibility.hoursSincePayment,
        createdAt: now,
      })
      .returning();
    if (!request) throw new Error('refund insert returned nothing');
    await queueRefundMail(tx, deps.outbox, {
      refundId: request.id,
      orderId,
      amountPaise: order.amountPaise,
      outcome: { kind: 'requested' },
      now,
    });
    return outcome(request);
  });
}
