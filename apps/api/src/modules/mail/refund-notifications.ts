import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { courses, paymentOrders, users } from '../../db/schema.ts';
import type { Outbox, QueueOutcome } from './outbox.ts';
import { type RefundMailOutcome, refundMail } from './templates/refund.ts';

/**
 * A refund's or cancellation request's outcome to the learner who paid, queued in the transaction that
 * records it, once per refund and outcome (`refund:<refund id>:<outcome>`). A processed refund carries its
 * credit note.
 */
export async function queueRefundMail(
  tx: Tx,
  outbox: Outbox,
  input: {
    refundId: string;
    orderId: string;
    amountPaise: number;
    outcome: RefundMailOutcome;
    creditNoteId?: string | null;
    now: Date;
  },
): Promise<QueueOutcome | 'no_learner'> {
  const [row] = await tx
    .select({ learnerName: users.name, learnerEmail: users.email, userId: users.id, courseTitle: courses.title })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .where(eq(paymentOrders.id, input.orderId))
    .limit(1);
  if (!row) return 'no_learner';
  return outbox.queue(tx, {
    kind: 'refund',
    dedupeKey: `refund:${input.refundId}:${input.outcome.kind}`,
    userId: row.userId,
    to: { name: row.learnerName, address: row.learnerEmail },
    mail: (language) =>
      refundMail(
        outbox.context,
        {
          learnerName: row.learnerName,
          courseTitle: row.courseTitle,
          orderId: input.orderId,
          amountPaise: input.amountPaise,
        },
        input.outcome,
        language,
      ),
    attachments: input.creditNoteId ? [{ kind: 'invoice', invoiceId: input.creditNoteId }] : [],
    now: input.now,
  });
}
