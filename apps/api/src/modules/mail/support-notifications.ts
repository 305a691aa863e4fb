import type { Tx } from '../../db/client.ts';
import type { Outbox, QueueOutcome } from './outbox.ts';
import { supportReplyMail } from './templates/support-reply.ts';

/**
 * A staff reply to a ticket (the support inbox): emailed to the address the ticket came from, in the reply's
 * transaction. One message per reply (keyed by the reply's id), whatever the learner's notification settings:
 * it answers what they asked.
 */
export async function queueSupportReply(
  tx: Tx,
  outbox: Outbox,
  input: {
    replyId: string;
    ticket: { ticketId: string; subject: string; name: string; email: string; userId: string | null };
    staffName: string;
    message: string;
    now: Date;
  },
): Promise<QueueOutcome> {
  return outbox.queue(tx, {
    kind: 'support_reply',
    dedupeKey: `support_reply:${input.replyId}`,
    userId: input.ticket.userId,
    to: { name: input.ticket.name, address: input.ticket.email },
    // In the learner's language when the ticket came from an account, else English.
    mail: (language) =>
      supportReplyMail(
        outbox.context,
        {
          learnerName: input.ticket.name,
          ticketId: input.ticket.ticketId,
          subject: input.ticket.subject,
          message: input.message,
          staffName: input.staffName,
        },
        language,
      ),
    now: input.now,
  });
}
