import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireRole } from '../admin/index.ts';
import type { SessionUser } from '../auth/index.ts';
import { listTickets, ticketDetail } from './inbox.ts';
import { addTicketNote, replyToTicket, type StaffWriter, updateTicket } from './ticket-writes.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };
/** Support answers learners; admins do everything. Instructors see no one's messages. */
const INBOX_STAFF = ['admin', 'support'] as const;
const WRITE_LIMIT = perLearnerRateLimit(60);

const writerOf = (user: SessionUser): StaffWriter => ({ id: user.id, email: user.email, name: user.name });

/**
 * The support inbox (issue 20, decision 025): contact messages as tickets. Every write is audited in its own
 * transaction and answers the ticket as it is after the write, so the console shows what changed at once.
 */
export const supportInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, outbox } = app.deps;

  route(app, endpoints.adminTickets, {}, async (request, reply) => {
    const user = await requireRole(request, INBOX_STAFF);
    reply.headers(NO_STORE);
    return listTickets(db, request.query, user, clock());
  });

  route(app, endpoints.adminTicket, {}, async (request, reply) => {
    await requireRole(request, INBOX_STAFF);
    reply.headers(NO_STORE);
    return ticketDetail(db, request.params.ticketId, clock());
  });

  route(app, endpoints.adminUpdateTicket, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, INBOX_STAFF);
    await updateTicket({ db, outbox }, writerOf(user), request.params.ticketId, request.body, clock());
    reply.headers(NO_STORE);
    return ticketDetail(db, request.params.ticketId, clock());
  });

  route(app, endpoints.adminTicketReply, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, INBOX_STAFF);
    await replyToTicket({ db, outbox }, writerOf(user), request.params.ticketId, request.body, clock());
    reply.headers(NO_STORE);
    return ticketDetail(db, request.params.ticketId, clock());
  });

  route(app, endpoints.adminTicketNote, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, INBOX_STAFF);
    await addTicketNote({ db, outbox }, writerOf(user), request.params.ticketId, request.body.note, clock());
    reply.headers(NO_STORE);
    return ticketDetail(db, request.params.ticketId, clock());
  });
};
