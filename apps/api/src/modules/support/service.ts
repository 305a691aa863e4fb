import type { ContactCategory, ContactMessage, ContactResponse } from '@kaushal/contract';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { pgErrorCode } from '../../lib/errors.ts';
import { type Outbox, queueContactMails } from '../mail/index.ts';
import { newTicketId } from './ticket-id.ts';

/** Spec section 2: under 48 hours for business partnerships, under 24 hours for everything else. */
const SLOW_LANE: ReadonlySet<ContactCategory> = new Set(['business', 'partnership']);

export function replyPromise(category: ContactCategory): string {
  return SLOW_LANE.has(category) ? '48 hours' : '24 hours';
}

/**
 * Stores the message under a fresh ticket id and says when the learner will hear back; the acknowledgement
 * to the writer and the notification to the support inbox are queued in the same transaction.
 */
export async function submitContactMessage(
  deps: { db: Db; outbox: Outbox; supportInbox: string },
  message: ContactMessage,
  context: { userId: string | null; now: Date },
): Promise<ContactResponse> {
  const fields = {
    name: message.name,
    email: message.email.toLowerCase(),
    phone: message.phone || null,
    subject: message.subject,
    category: message.category,
    message: message.message,
    userId: context.userId,
  };
  for (let attempt = 0; ; attempt++) {
    const ticketId = newTicketId(context.now);
    try {
      await deps.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ ticketId, ...fields, createdAt: context.now });
        await queueContactMails(tx, deps.outbox, { ticketId, ...fields }, deps.supportInbox, context.now);
      });
      return {
        success: true,
        message: `Thank you, ${message.name}. We have received your message and will reply to ${message.email} within ${replyPromise(message.category)}.`,
        ticket_id: ticketId,
      };
    } catch (error) {
      // A ticket id clash (unique violation) is retried with a new id; anything else is a real failure.
      if (pgErrorCode(error) !== '23505' || attempt >= 2) throw error;
    }
  }
}
