import type {
  AdminTicket,
  AdminTicketList,
  AdminTicketSummary,
  ContactCategory,
  TicketEntry,
  TicketPriority,
  TicketSort,
  TicketStaff,
  TicketStatus,
} from '@kaushal/contract';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages, ticketEntries, userRoles, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { targetAt } from './targets.ts';
import { decodeTicketCursor, encodeTicketCursor, type TicketPosition } from './ticket-cursor.ts';

export const TICKET_NOT_FOUND = 'There is no ticket with this id. The learner may have deleted their account.';

/** GET /admin/tickets's query as the contract parses it. */
export interface TicketListQuery {
  status?: TicketStatus | undefined;
  assignee?: string | undefined;
  category?: ContactCategory | undefined;
  sort: TicketSort;
  cursor?: string | undefined;
  limit: number;
}

const assignee = alias(users, 'assignee');

/** Tickets with no due time (answered, closed) sort after every due one in "most urgent first". */
const urgentKey = sql`coalesce(${contactMessages.dueAt}, timestamptz '9999-12-31 00:00:00+00')`;
const newestKey = sql`${contactMessages.createdAt}`;
const microsOf = (key: SQL) => sql<string>`(extract(epoch from ${key}) * 1000000)::bigint::text`;
const instantOf = (position: TicketPosition) =>
  sql`(timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond')`;

/** The rows after a position: newest first is (created_at, id) descending, most urgent (due, id) ascending. */
function afterPosition(position: TicketPosition): SQL {
  return position.sort === 'newest'
    ? sql`(${newestKey}, ${contactMessages.id}) < (${instantOf(position)}, ${position.id}::uuid)`
    : sql`(${urgentKey}, ${contactMessages.id}) > (${instantOf(position)}, ${position.id}::uuid)`;
}

function summaryQuery(db: Db | Tx, sort: TicketSort) {
  return db
    .select({
      ticket: contactMessages,
      assigneeName: assignee.name,
      assigneeEmail: assignee.email,
      micros: microsOf(sort === 'newest' ? newestKey : urgentKey),
    })
    .from(contactMessages)
    .leftJoin(assignee, eq(assignee.id, contactMessages.assigneeId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['where']>>[number];

function toSummary(row: SummaryRow, now: Date): AdminTicketSummary {
  const { ticket } = row;
  const facts = {
    category: ticket.category as ContactCategory,
    priority: ticket.priority as TicketPriority,
    status: ticket.status as TicketStatus,
    awaitingSince: ticket.awaitingSince,
  };
  return {
    ticketId: ticket.ticketId,
    subject: ticket.subject,
    category: facts.category,
    priority: facts.priority,
    status: facts.status,
    name: ticket.name,
    email: ticket.email,
    assignee:
      ticket.assigneeId && row.assigneeName !== null && row.assigneeEmail !== null
        ? { id: ticket.assigneeId, name: row.assigneeName, email: row.assigneeEmail }
        : null,
    createdAt: ticket.createdAt.toISOString(),
    lastLearnerMessageAt: (ticket.lastLearnerMessageAt ?? ticket.createdAt).toISOString(),
    target: targetAt(facts, now),
  };
}

/** Support and admins, who may be assigned a ticket, by name. */
export async function ticketStaff(db: Db | Tx): Promise<TicketStaff[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(inArray(userRoles.role, ['support', 'admin']))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The inbox, a page at a time: every filter given must hold. Newest first pages by (opened, id); most urgent
 * first by (due, id), overdue at the top and tickets nothing waits on last. The next page starts after the
 * last row's position (keyset), so tickets arriving while staff page never repeat or skip one.
 */
export async function listTickets(
  db: Db,
  query: TicketListQuery,
  caller: { id: string },
  now: Date,
): Promise<AdminTicketList> {
  const assigned =
    query.assignee === 'none'
      ? isNull(contactMessages.assigneeId)
      : query.assignee
        ? eq(contactMessages.assigneeId, query.assignee === 'me' ? caller.id : query.assignee)
        : undefined;
  const where = and(
    query.status ? eq(contactMessages.status, query.status) : undefined,
    query.category ? eq(contactMessages.category, query.category) : undefined,
    assigned,
    query.cursor ? afterPosition(decodeTicketCursor(query.cursor, query.sort)) : undefined,
  );
  const order =
    query.sort === 'newest'
      ? [desc(contactMessages.createdAt), desc(contactMessages.id)]
      : [asc(urgentKey), asc(contactMessages.id)];
  const [rows, staff] = await Promise.all([
    summaryQuery(db, query.sort)
      .where(where)
      .orderBy(...order)
      // One row more than the page says whether another page follows.
      .limit(query.limit + 1),
    ticketStaff(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    tickets: page.map((row) => toSummary(row, now)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeTicketCursor({ sort: query.sort, micros: last.micros, id: last.ticket.id })
        : null,
    assignees: staff,
  };
}

/** The ticket row by its public id, or a 404; locked for the rest of the transaction when `lock` is set. */
export async function findTicket(db: Db | Tx, ticketId: string, lock = false) {
  const query = db.select().from(contactMessages).where(eq(contactMessages.ticketId, ticketId)).limit(1);
  const [ticket] = lock ? await query.for('update') : await query;
  if (!ticket) throw notFound(TICKET_NOT_FOUND, 'ticket_not_found');
  return ticket;
}

/** A ticket's page: its fields and target, the whole thread oldest first, the matching account, the assignable staff. */
export async function ticketDetail(db: Db | Tx, ticketId: string, now: Date): Promise<AdminTicket> {
  const [row] = await summaryQuery(db, 'newest').where(eq(contactMessages.ticketId, ticketId)).limit(1);
  if (!row) throw notFound(TICKET_NOT_FOUND, 'ticket_not_found');
  const { ticket } = row;
  const [entries, learners, staff] = await Promise.all([
    db
      .select()
      .from(ticketEntries)
      .where(eq(ticketEntries.contactMessageId, ticket.id))
      .orderBy(asc(ticketEntries.createdAt), asc(ticketEntries.id)),
    // The account it was written from, or else the one its address belongs to (emails are kept in lower case).
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(
        ticket.userId ? or(eq(users.id, ticket.userId), eq(users.email, ticket.email)) : eq(users.email, ticket.email),
      )
      .limit(2),
    ticketStaff(db),
  ]);
  const learner = learners.find((user) => user.id === ticket.userId) ?? learners[0] ?? null;
  const first: TicketEntry = {
    id: ticket.id,
    kind: 'message',
    authorName: ticket.name,
    authorEmail: ticket.email,
    subject: ticket.subject,
    body: ticket.message,
    createdAt: ticket.createdAt.toISOString(),
  };
  return {
    ...toSummary(row, now),
    phone: ticket.phone,
    version: ticket.version,
    firstResponseAt: ticket.firstResponseAt?.toISOString() ?? null,
    entries: [
      first,
      ...entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind as TicketEntry['kind'],
        authorName: entry.authorName,
        authorEmail: entry.authorEmail,
        subject: entry.subject,
        body: entry.body,
        createdAt: entry.createdAt.toISOString(),
      })),
    ],
    learner,
    assignees: staff,
  };
}
