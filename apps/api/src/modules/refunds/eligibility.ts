import type { RefundEligibility } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import { courseCompletionPercent } from './completion.ts';
import { refundEligibility } from './policy.ts';
import type { OrderRow, RefundRow } from './refund-path.ts';

/** The policy's answer for one order now, from its learner's watched seconds and the order's refunds. */
export async function eligibilityOf(
  db: Db | Tx,
  order: OrderRow,
  orderRefunds: RefundRow[] | null,
  now: Date,
): Promise<RefundEligibility | null> {
  if (order.status !== 'paid' && order.status !== 'refunded') return null;
  const list =
    orderRefunds ??
    (await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id))));
  const open = list.find((refund) => refund.status === 'requested' || refund.status === 'pending');
  return refundEligibility({
    status: order.status,
    amountPaise: order.amountPaise,
    refundedPaise: order.refundedPaise,
    paidAt: order.paidAt,
    now,
    completionPercent: order.userId ? await courseCompletionPercent(db, order.userId, order.courseId) : 0,
    open: open ? (open.status as 'requested' | 'pending') : null,
    rejected: list.some((refund) => refund.status === 'rejected'),
  });
}
