import type {
  ContactCategory,
  TicketPriority,
  TicketReplyBody,
  TicketStatus,
  UpdateTicketBody,
} from '@kaushal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, ticketEntries, userRoles } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { type Actor, changedFields, recordAudit } from '../audit/index.ts';
import { type Outbox, queueSupportReply } from '../mail/index.ts';
import { findTicket } from './inbox.ts';
import { dueAtOf } from './targets.ts';

export interface TicketWriteDeps {
  db: Db;
  outbox: Outbox;
}

/** The member of staff writing, as the audit log and the thread name them. */
export interface StaffWriter extends Actor {
  id: string;
  name: string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Changes a ticket's status, assignee, category or priority, at the version the member of staff read: a ticket
 * changed since (a learner's follow-up, a colleague's reply or change) is refused with a 409, so nobody closes a
 * ticket over a message they have not seen. A body that changes nothing writes nothing. The due time follows
 * the new category, priority and status; the audit row records what changed.
 */
export async function updateTicket(
  deps: TicketWriteDeps,
  actor: StaffWriter,
  ticketId: string,
  body: Omit<UpdateTicketBody, 'version'> & { version: number },
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId, true);
    if (ticket.version !== body.version) {
      throw conflict(
        `This ticket changed at ${ticket.updatedAt.toISOString()} since you opened it (a message, a reply or another change). Look at it again, then make your change.`,
        'stale_version',
      );
    }
    if (body.assigneeId) {
      const [staff] = await tx
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.userId, body.assigneeId), inArray(userRoles.role, ['support', 'admin'])))
        .limit(1);
      if (!staff) throw badRequest('Assign the ticket to a member of support or an admin.', 'not_an_assignee');
    }
    const before = {
      status: ticket.status as TicketStatus,
      assigneeId: ticket.assigneeId,
      category: ticket.category as ContactCategory,
      priority: ticket.priority as TicketPriority,
    };
    const after = {
      status: body.status ?? before.status,
      assigneeId: body.assigneeId === undefined ? before.assigneeId : body.assigneeId,
      category: body.category ?? before.category,
      priority: body.priority ?? before.priority,
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes.after).length === 0) return;
    const dueAt = dueAtOf({ ...after, awaitingSince: ticket.awaitingSince });
    await tx
      .update(contactMessages)
      .set({ ...after, dueAt, version: sql`${contactMessages.version} + 1`, updatedAt: now })
      .where(eq(contactMessages.id, ticket.id));
    await recordAudit(
      tx,
      actor,
      { action: 'ticket.update', entity: 'ticket', entityId: ticket.ticketId, ...changes },
      now,
    );
  });
}

/**
 * A reply from the console: kept in the thread, emailed to the learner through the outbox in the same
 * transaction (the email names the ticket id and says to answer through the contact form), and the ticket set
 * to the chosen status (waiting on the learner unless staff choose otherwise). The learner's message is
 * answered, so the target stops; the first reply's time is kept as the first response. Two replies at once are
 * both kept: each appends its own row, the ticket row's lock puts them one after the other.
 */
export async function replyToTicket(
  deps: TicketWriteDeps,
  actor: StaffWriter,
  ticketId: string,
  body: Required<TicketReplyBody>,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId, true);
    const [reply] = await tx
      .insert(ticketEntries)
      .values({
        contactMessageId: ticket.id,
        kind: 'reply',
        authorId: actor.id,
        authorName: actor.name,
        authorEmail: actor.email,
        body: body.message,
        createdAt: now,
      })
      .returning({ id: ticketEntries.id });
    if (!reply) throw new Error('the reply was not stored');
    await tx
      .update(contactMessages)
      .set({
        status: body.status,
        awaitingSince: null,
        dueAt: null,
        firstResponseAt: ticket.firstResponseAt ?? now,
        version: sql`${contactMessages.version} + 1`,
        updatedAt: now,
      })
      .where(eq(contactMessages.id, ticket.id));
    const emailed = await queueSupportReply(tx, deps.outbox, {
      replyId: reply.id,
      ticket,
      staffName: actor.name,
      message: body.message,
      now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'ticket.reply',
        entity: 'ticket',
        entityId: ticket.ticketId,
        before: { status: ticket.status, firstResponseAt: iso(ticket.firstResponseAt) },
        after: { status: body.status, firstResponseAt: iso(ticket.firstResponseAt ?? now), reply: reply.id, emailed },
      },
      now,
    );
  });
}

/** An internal note: for staff only, never emailed; it changes nothing else on the ticket (no version bump). */
export async function addTicketNote(
  deps: TicketWriteDeps,
  actor: StaffWriter,
  ticketId: string,
  note: string,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId);
    const [entry] = await tx
      .insert(ticketEntries)
      .values({
        contactMessageId: ticket.id,
        kind: 'note',
        authorId: actor.id,
        authorName: actor.name,
        authorEmail: actor.email,
        body: note,
        createdAt: now,
      })
      .returning({ id: ticketEntries.id });
    await recordAudit(
      tx,
      actor,
      { action: 'ticket.note', entity: 'ticket', entityId: ticket.ticketId, before: null, after: { note: entry?.id } },
      now,
    );
  });
}
