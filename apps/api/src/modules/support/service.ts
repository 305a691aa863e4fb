import {
  type ContactCategory,
  type ContactMessage,
  type ContactResponse,
  initialPriority,
  RESPONSE_TARGET_HOURS,
} from '@kaushal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages, ticketEntries } from '../../db/schema.ts';
import { pgErrorCode } from '../../lib/errors.ts';
import { type Outbox, queueContactMails } from '../mail/index.ts';
import { dueAtOf } from './targets.ts';
import { newTicketId, quotedTicketIds } from './ticket-id.ts';

/**
 * What the learner is told (spec section 2, the contract's RESPONSE_TARGET_HOURS, which the support inbox holds
 * staff to): 48 hours for business and partnership enquiries, 24 for everything else, and for technical
 * messages the 2 hours of a critical issue too.
 */
export function replyPromise(category: ContactCategory): string {
  const { critical, general, business } = RESPONSE_TARGET_HOURS;
  if (category === 'business' || category === 'partnership') return `${business} hours`;
  if (category === 'technical') {
    return `${general} hours (${critical} hours if you cannot sign in, pay or play a lesson)`;
  }
  return `${general} hours`;
}

interface Fields {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  category: ContactCategory;
  message: string;
  userId: string | null;
}

/**
 * A message quoting a ticket id joins that ticket when it is the same person's: written from the ticket's
 * email address, or signed in as the account that opened it. Anyone else quoting the id (a guess, a forwarded
 * email) opens a ticket of their own: nobody can add to another person's ticket. The follow-up reopens the
 * ticket and starts its response target again if nothing was waiting already. Null when it joins nothing.
 */
async function joinQuotedTicket(
  tx: Tx,
  deps: { outbox: Outbox; supportInbox: string },
  fields: Fields,
  now: Date,
): Promise<{ ticketId: string; category: ContactCategory } | null> {
  for (const quoted of quotedTicketIds(`${fields.subject}\n${fields.message}`)) {
    const [ticket] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.ticketId, quoted))
      .limit(1)
      .for('update');
    if (!ticket) continue;
    const sameWriter = ticket.email === fields.email || (fields.userId !== null && ticket.userId === fields.userId);
    if (!sameWriter) continue;
    const [entry] = await tx
      .insert(ticketEntries)
      .values({
        contactMessageId: ticket.id,
        kind: 'message',
        authorId: fields.userId,
        authorName: fields.name,
        authorEmail: fields.email,
        subject: fields.subject,
        body: fields.message,
        createdAt: now,
      })
      .returning({ id: ticketEntries.id });
    if (!entry) throw new Error('the follow-up was not stored');
    const category = ticket.category as ContactCategory;
    const awaitingSince = ticket.awaitingSince ?? now;
    await tx
      .update(contactMessages)
      .set({
        status: 'open',
        awaitingSince,
        dueAt: dueAtOf({ category, priority: ticket.priority as 'normal' | 'critical', status: 'open', awaitingSince }),
        lastLearnerMessageAt: now,
        version: sql`${contactMessages.version} + 1`,
        updatedAt: now,
      })
      .where(eq(contactMessages.id, ticket.id));
    await queueContactMails(
      tx,
      deps.outbox,
      { ...fields, ticketId: ticket.ticketId, category, followUpId: entry.id },
      deps.supportInbox,
      now,
    );
    return { ticketId: ticket.ticketId, category };
  }
  return null;
}

/**
 * Stores the message and says when the learner will hear back: as a follow-up of the ticket it quotes (when
 * that ticket is the writer's), else under a fresh ticket id. The acknowledgement to the writer and the
 * notification to the support inbox are queued in the same transaction.
 */
export async function submitContactMessage(
  deps: { db: Db; outbox: Outbox; supportInbox: string },
  message: ContactMessage,
  context: { userId: string | null; now: Date },
): Promise<ContactResponse> {
  const fields: Fields = {
    name: message.name,
    email: message.email.toLowerCase(),
    phone: message.phone || null,
    subject: message.subject,
    category: message.category,
    message: message.message,
    userId: context.userId,
  };
  const answer = (ticketId: string, category: ContactCategory): ContactResponse => ({
    success: true,
    message: `Thank you, ${message.name}. We have received your message and will reply to ${message.email} within ${replyPromise(category)}.`,
    ticket_id: ticketId,
  });
  for (let attempt = 0; ; attempt++) {
    const ticketId = newTicketId(context.now);
    try {
      const joined = await deps.db.transaction(async (tx) => {
        const followUp = await joinQuotedTicket(tx, deps, fields, context.now);
        if (followUp) return followUp;
        const priority = initialPriority(fields.category);
        const awaitingSince = context.now;
        await tx.insert(contactMessages).values({
          ticketId,
          ...fields,
          createdAt: context.now,
          status: 'open',
          priority,
          awaitingSince,
          dueAt: dueAtOf({ category: fields.category, priority, status: 'open', awaitingSince }),
          lastLearnerMessageAt: context.now,
          updatedAt: context.now,
        });
        await queueContactMails(tx, deps.outbox, { ticketId, ...fields }, deps.supportInbox, context.now);
        return null;
      });
      return joined ? answer(joined.ticketId, joined.category) : answer(ticketId, fields.category);
    } catch (error) {
      // A ticket id clash (unique violation) is retried with a new id; anything else is a real failure.
      if (pgErrorCode(error) !== '23505' || attempt >= 2) throw error;
    }
  }
}
