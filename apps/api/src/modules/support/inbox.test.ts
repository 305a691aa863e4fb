import {
  type AdminTicket,
  adminTicketListSchema,
  adminTicketSchema,
  contactResponseSchema,
  type StaffRole,
} from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { freshAddress } from '../../../test/support/learners.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { auditLog, contactMessages, emailMessages, ticketEntries } from '../../db/schema.ts';
import { quotedTicketIds } from './ticket-id.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

const message = {
  name: 'Asha Menon',
  email: 'Asha.Menon@Example.com',
  subject: 'The player stops at 2 minutes',
  category: 'technical',
  message: 'Lesson 3 of the RAG course stops playing after two minutes every time.',
};

describe('the support inbox', () => {
  const ctx = useTestApp();
  const call = (who: Learner | null, method: string, url: string, payload?: unknown) =>
    callAs(ctx, who, method, url, payload);
  const staff = (name: string, ...roles: StaffRole[]) => createStaff(ctx, name, ...roles);

  const submit = async (payload: Record<string, unknown>, who?: Learner) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      payload: { ...message, ...payload },
      remoteAddress: freshAddress(),
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return contactResponseSchema.parse(res.json());
  };
  const list = async (who: Learner, query = '') => {
    const res = await call(who, 'GET', `/admin/tickets${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminTicketListSchema.parse(res.json());
  };
  const open = async (who: Learner, ticketId: string) => {
    const res = await call(who, 'GET', `/admin/tickets/${ticketId}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminTicketSchema.parse(res.json());
  };
  const patch = (who: Learner, ticket: AdminTicket, body: Record<string, unknown>) =>
    call(who, 'PATCH', `/admin/tickets/${ticket.ticketId}`, { version: ticket.version, ...body });
  const reply = (who: Learner, ticketId: string, body: Record<string, unknown>) =>
    call(who, 'POST', `/admin/tickets/${ticketId}/replies`, body);
  const note = (who: Learner, ticketId: string, text: string) =>
    call(who, 'POST', `/admin/tickets/${ticketId}/notes`, { note: text });
  const mailsTo = (address: string) =>
    ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address));
  const at = (ms: number) => {
    ctx.clock.now = new Date(ms);
  };

  it('lists a new message as an open ticket with its target, and opens its page with the thread', async () => {
    const support = await staff('Sam Support', 'support');
    const start = ctx.clock.now.getTime();
    const { ticket_id } = await submit({});
    const { tickets, nextCursor, assignees } = await list(support);
    expect(nextCursor).toBeNull();
    expect(assignees).toEqual([{ id: support.id, name: 'Sam Support', email: support.email }]);
    expect(tickets).toEqual([
      {
        ticketId: ticket_id,
        subject: message.subject,
        category: 'technical',
        // A technical message starts critical (2 hours) until staff triage it.
        priority: 'critical',
        status: 'open',
        name: 'Asha Menon',
        email: 'asha.menon@example.com',
        assignee: null,
        createdAt: new Date(start).toISOString(),
        lastLearnerMessageAt: new Date(start).toISOString(),
        target: { hours: 2, state: 'due', dueAt: new Date(start + 2 * HOUR).toISOString(), minutes: 120 },
      },
    ]);
    const ticket = await open(support, ticket_id);
    expect(ticket).toMatchObject({ ticketId: ticket_id, version: 1, firstResponseAt: null, learner: null });
    expect(ticket.entries).toEqual([
      expect.objectContaining({ kind: 'message', authorName: 'Asha Menon', body: message.message }),
    ]);
  });

  it.each([
    ['a technical issue (critical until triaged)', 2, { category: 'technical' }],
    ['a general request', 24, { category: 'general' }],
    ['a billing question', 24, { category: 'billing' }],
    ['a business enquiry', 48, { category: 'business' }],
    ['a partnership', 48, { category: 'partnership' }],
  ])(
    'holds %s to %i hours: due up to the last millisecond, overdue from the due instant',
    async (_kind, hours, change) => {
      const support = await staff('Sam Support', 'support');
      const start = ctx.clock.now.getTime();
      const { ticket_id } = await submit(change);
      const target = async () => (await open(support, ticket_id)).target;
      at(start + hours * HOUR - MINUTE - 1);
      expect(await target()).toMatchObject({ hours, state: 'due', minutes: 1 });
      at(start + hours * HOUR - MINUTE);
      expect(await target()).toMatchObject({ hours, state: 'due', minutes: 1 });
      at(start + hours * HOUR - MINUTE + 1);
      expect(await target()).toMatchObject({ hours, state: 'due', minutes: 0 });
      at(start + hours * HOUR - 1);
      expect(await target()).toMatchObject({ hours, state: 'due', minutes: 0 });
      at(start + hours * HOUR);
      expect(await target()).toMatchObject({ hours, state: 'overdue', minutes: 0 });
      at(start + hours * HOUR + 90 * MINUTE + 59_999);
      expect(await target()).toMatchObject({ hours, state: 'overdue', minutes: 90 });
      at(start + HOUR);
      expect(await target()).toMatchObject({ state: 'due', minutes: hours * 60 - 60 });
    },
  );

  it('tells the learner the targets the inbox measures', async () => {
    expect((await submit({ category: 'general' })).message).toContain('within 24 hours.');
    expect((await submit({ category: 'partnership' })).message).toContain('within 48 hours.');
    expect((await submit({ category: 'technical' })).message).toContain(
      'within 24 hours (2 hours if you cannot sign in, pay or play a lesson).',
    );
  });

  it('filters by status, assignee (me, unassigned, a colleague) and category, newest or most urgent first', async () => {
    const sam = await staff('Sam Support', 'support');
    const ada = await staff('Ada Admin', 'admin');
    const start = ctx.clock.now.getTime();
    const business = (await submit({ category: 'business', subject: 'Team licences' })).ticket_id;
    at(start + MINUTE);
    const general = (await submit({ category: 'general', subject: 'Certificate name' })).ticket_id;
    at(start + 2 * MINUTE);
    const technical = (await submit({ category: 'technical', subject: 'Cannot pay' })).ticket_id;
    at(start + 3 * MINUTE);
    const answered = (await submit({ category: 'general', subject: 'Thanks' })).ticket_id;
    expect((await reply(ada, answered, { message: 'Glad to help.', status: 'closed' })).statusCode).toBe(200);
    expect((await patch(sam, await open(sam, general), { assigneeId: sam.id })).statusCode).toBe(200);
    expect((await patch(sam, await open(sam, business), { assigneeId: ada.id })).statusCode).toBe(200);

    const ids = async (who: Learner, query: string) => (await list(who, query)).tickets.map((t) => t.ticketId);
    expect(await ids(sam, '')).toEqual([answered, technical, general, business]);
    // Overdue or soonest due first (technical 2 h, general 24 h, business 48 h), nothing waiting last.
    expect(await ids(sam, '?sort=urgent')).toEqual([technical, general, business, answered]);
    expect(await ids(sam, '?status=open')).toEqual([technical, general, business]);
    expect(await ids(sam, '?status=closed')).toEqual([answered]);
    expect(await ids(sam, '?status=waiting')).toEqual([]);
    expect(await ids(sam, '?assignee=me')).toEqual([general]);
    expect(await ids(ada, '?assignee=me')).toEqual([business]);
    expect(await ids(sam, `?assignee=${ada.id}`)).toEqual([business]);
    expect(await ids(sam, '?assignee=none')).toEqual([answered, technical]);
    expect(await ids(sam, '?category=general&status=open')).toEqual([general]);
  });

  it('pages with a keyset cursor in both orders, never repeating or skipping a ticket', async () => {
    const support = await staff('Sam Support', 'support');
    const start = ctx.clock.now.getTime();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      at(start + i * MINUTE);
      made.push((await submit({ category: i % 2 ? 'business' : 'general' })).ticket_id);
    }
    // Two tickets made in the same instant still page apart (the id breaks the tie).
    made.push((await submit({ category: 'general' })).ticket_id);
    // Answered tickets have no due time: "most urgent first" pages through them after the due ones.
    for (const ticketId of made.slice(0, 2)) {
      expect((await reply(support, ticketId, { message: 'Done.', status: 'closed' })).statusCode).toBe(200);
    }
    for (const sort of ['newest', 'urgent']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(support, `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.tickets.length).toBeLessThanOrEqual(2);
        seen.push(...page.tickets.map((t) => t.ticketId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.slice().sort()).toEqual(made.slice().sort());
      if (sort === 'urgent') expect(seen.slice(-2).sort()).toEqual(made.slice(0, 2).sort());
    }
    const newest = await list(support, '?limit=2');
    const res = await call(support, 'GET', `/admin/tickets?sort=urgent&cursor=${newest.nextCursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_cursor' });
  });

  it('replies by email through the outbox with the ticket id, waits on the learner, and records the first response', async () => {
    const support = await staff('Sam Support', 'support');
    const start = ctx.clock.now.getTime();
    const { ticket_id } = await submit({});
    at(start + 40 * MINUTE);
    const res = await reply(support, ticket_id, { message: 'Please try another browser.\nDoes it still stop?' });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = adminTicketSchema.parse(res.json());
    expect(ticket).toMatchObject({
      status: 'waiting',
      version: 2,
      firstResponseAt: new Date(start + 40 * MINUTE).toISOString(),
      target: { state: 'none', dueAt: null, minutes: null },
    });
    expect(ticket.entries.map((e) => [e.kind, e.authorName])).toEqual([
      ['message', 'Asha Menon'],
      ['reply', 'Sam Support'],
    ]);
    const [mail] = (await mailsTo('asha.menon@example.com')).filter((m) => m.kind === 'support_reply');
    expect(mail?.subject).toBe(`Re: ${message.subject} [${ticket_id}]`);
    expect(mail?.text).toContain('Please try another browser.\nDoes it still stop?');
    expect(mail?.text).toContain(`include your ticket id ${ticket_id} in the subject or message`);
    expect(mail?.text).toContain('/contact-us');
    expect(mail?.headers).toMatchObject({ 'Reply-To': ctx.app.deps.site.supportEmail });
    // A second reply keeps the first response time; a chosen status wins over waiting.
    at(start + 50 * MINUTE);
    const again = adminTicketSchema.parse(
      (await reply(support, ticket_id, { message: 'Fixed on our side.', status: 'closed' })).json(),
    );
    expect(again).toMatchObject({ status: 'closed', firstResponseAt: ticket.firstResponseAt });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticket_id));
    expect(audit.map((row) => [row.action, row.actorEmail, row.after?.status, row.after?.emailed])).toEqual([
      ['ticket.reply', support.email, 'waiting', 'queued'],
      ['ticket.reply', support.email, 'closed', 'queued'],
    ]);
  });

  it('keeps both of two replies sent at once', async () => {
    const sam = await staff('Sam Support', 'support');
    const ada = await staff('Ada Admin', 'admin');
    const { ticket_id } = await submit({});
    const answers = await Promise.all([
      reply(sam, ticket_id, { message: 'First answer' }),
      reply(ada, ticket_id, { message: 'Second answer' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const ticket = await open(sam, ticket_id);
    expect(
      ticket.entries
        .filter((e) => e.kind === 'reply')
        .map((e) => e.body)
        .sort(),
    ).toEqual(['First answer', 'Second answer']);
    expect(ticket.version).toBe(3);
    expect((await mailsTo('asha.menon@example.com')).filter((m) => m.kind === 'support_reply')).toHaveLength(2);
  });

  it('keeps internal notes for staff: in the thread and audited, never emailed, the target untouched', async () => {
    const support = await staff('Sam Support', 'support');
    const { ticket_id } = await submit({});
    const before = await mailsTo('asha.menon@example.com');
    const res = await note(support, ticket_id, 'Looks like the CDN issue from Tuesday.');
    expect(res.statusCode, res.body).toBe(200);
    const ticket = adminTicketSchema.parse(res.json());
    expect(ticket.entries.at(-1)).toMatchObject({ kind: 'note', authorName: 'Sam Support' });
    expect(ticket).toMatchObject({ status: 'open', version: 1, target: { state: 'due' } });
    expect(await mailsTo('asha.menon@example.com')).toHaveLength(before.length);
    const all = await ctx.database.db.select().from(emailMessages);
    expect(all.some((m) => m.text.includes('CDN issue'))).toBe(false);
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.note'));
    expect(audit).toMatchObject({ entity: 'ticket', entityId: ticket_id, actorEmail: support.email });
  });

  it('changes status, assignee, category and priority at the version read, audits what changed, refuses a stale view', async () => {
    const sam = await staff('Sam Support', 'support');
    const ada = await staff('Ada Admin', 'admin');
    const start = ctx.clock.now.getTime();
    const { ticket_id } = await submit({});
    const first = await open(sam, ticket_id);
    const res = await patch(sam, first, { assigneeId: sam.id, priority: 'normal', category: 'courses' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = adminTicketSchema.parse(res.json());
    expect(changed).toMatchObject({
      version: 2,
      assignee: { id: sam.id, name: 'Sam Support' },
      priority: 'normal',
      category: 'courses',
      // Not critical any more: 24 hours from the message.
      target: { hours: 24, state: 'due', dueAt: new Date(start + 24 * HOUR).toISOString() },
    });
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticket_id));
    expect(audit).toMatchObject({
      action: 'ticket.update',
      actorEmail: sam.email,
      before: { assigneeId: null, priority: 'critical', category: 'technical' },
      after: { assigneeId: sam.id, priority: 'normal', category: 'courses' },
    });
    // Ada acts on the page she opened before Sam's change: refused, nothing written.
    const stale = await patch(ada, first, { status: 'closed' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version' });
    expect(stale.json().detail).toContain('since you opened it');
    expect((await open(ada, ticket_id)).status).toBe('open');
    // Closing stops the target; a change that changes nothing writes nothing.
    const closed = adminTicketSchema.parse((await patch(ada, changed, { status: 'closed' })).json());
    expect(closed).toMatchObject({ status: 'closed', version: 3, target: { state: 'none' } });
    const same = adminTicketSchema.parse((await patch(ada, closed, { status: 'closed' })).json());
    expect(same.version).toBe(3);
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticket_id))).toHaveLength(2);
    // Unassigning works; assigning to someone without a support or admin role does not.
    expect((await patch(ada, same, { assigneeId: null })).json()).toMatchObject({ assignee: null });
    const learner = await staff('Lee Learner');
    const refused = await patch(ada, await open(ada, ticket_id), { assigneeId: learner.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'not_an_assignee' });
  });

  describe('a contact message quoting a ticket id', () => {
    it('joins the ticket from the same email address, reopens it and restarts its target', async () => {
      const support = await staff('Sam Support', 'support');
      const start = ctx.clock.now.getTime();
      const { ticket_id } = await submit({ category: 'general' });
      await reply(support, ticket_id, { message: 'Which browser?', status: 'closed' });
      at(start + 3 * HOUR);
      const followUp = await submit({
        email: 'ASHA.MENON@example.com',
        category: 'billing',
        subject: `Re: ticket #${ticket_id.toLowerCase()}`,
        message: 'Firefox 120 on Windows.',
      });
      expect(followUp.ticket_id).toBe(ticket_id);
      expect(followUp.message).toContain('within 24 hours.');
      expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(1);
      const ticket = await open(support, ticket_id);
      expect(ticket).toMatchObject({
        status: 'open',
        category: 'general',
        lastLearnerMessageAt: new Date(start + 3 * HOUR).toISOString(),
        target: { hours: 24, state: 'due', dueAt: new Date(start + 27 * HOUR).toISOString() },
      });
      expect(ticket.entries.map((e) => [e.kind, e.body])).toEqual([
        ['message', message.message],
        ['reply', 'Which browser?'],
        ['message', 'Firefox 120 on Windows.'],
      ]);
      // The follow-up is acknowledged and copied to support like a new message.
      const kinds = (await ctx.database.db.select().from(emailMessages)).map((m) => m.kind).sort();
      expect(kinds).toEqual(['contact_ack', 'contact_ack', 'contact_staff', 'contact_staff', 'support_reply']);
    });

    it('joins the ticket of the same signed-in account written from another address', async () => {
      const support = await staff('Sam Support', 'support');
      const learner = await staff('Asha Menon');
      const { ticket_id } = await submit({ email: learner.email }, learner);
      const followUp = await submit(
        { email: 'asha@work.example', message: `About ${ticket_id}: still broken.` },
        learner,
      );
      expect(followUp.ticket_id).toBe(ticket_id);
      const ticket = await open(support, ticket_id);
      expect(ticket.entries).toHaveLength(2);
      expect(ticket.learner).toEqual({ id: learner.id, name: 'Asha Menon', email: learner.email });
    });

    it('opens a new ticket when someone else quotes it, so nobody adds to another person\u2019s ticket', async () => {
      const support = await staff('Sam Support', 'support');
      const stranger = await staff('Mallory');
      const { ticket_id } = await submit({});
      const fromAnotherAddress = await submit({ email: 'mallory@example.com', subject: `Ticket #${ticket_id}` });
      const signedInAsAnother = await submit(
        { email: 'mallory@example.com', message: `Re ${ticket_id}: please change my email` },
        stranger,
      );
      for (const answer of [fromAnotherAddress, signedInAsAnother]) expect(answer.ticket_id).not.toBe(ticket_id);
      expect((await open(support, ticket_id)).entries).toHaveLength(1);
      expect(await ctx.database.db.select().from(ticketEntries)).toHaveLength(0);
      expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(3);
      // An id nobody was given makes a new ticket too.
      const unknown = await submit({ subject: 'Ticket #TKT-20200101-ABCDEF' });
      expect(unknown.ticket_id).not.toBe('TKT-20200101-ABCDEF');
    });

    it('finds the ids a text quotes, in any case, and nothing inside longer words', () => {
      expect(quotedTicketIds('Re: Ticket #tkt-20261127-7f3k9q and TKT-20261127-7F3K9Q')).toEqual([
        'TKT-20261127-7F3K9Q',
      ]);
      expect(quotedTicketIds('XTKT-20261127-7F3K9Q TKT-20261127-7F3K9QZ TKT-2026112-7F3K9Q')).toEqual([]);
      expect(quotedTicketIds('TKT-20261127-7F3K9O')).toEqual([]);
    });
  });

  it('shows the learner account the ticket matches and links its orders through the learner page', async () => {
    const support = await staff('Sam Support', 'support');
    const learner = await staff('Asha Menon');
    // Written signed out, from the account's address (any case).
    const { ticket_id } = await submit({ email: learner.email.toUpperCase() });
    const ticket = await open(support, ticket_id);
    expect(ticket.learner).toEqual({ id: learner.id, name: 'Asha Menon', email: learner.email });
    const page = await call(support, 'GET', `/admin/learners/${learner.id}`);
    expect(page.json().messages).toEqual([expect.objectContaining({ ticketId: ticket_id })]);
  });

  it('lets support and admins in, refuses learners (403), instructors (403) and the signed out (401)', async () => {
    const support = await staff('Sam Support', 'support');
    const admin = await staff('Ada Admin', 'admin');
    const instructor = await staff('Ian Instructor', 'instructor');
    const learner = await staff('Lee Learner');
    const { ticket_id } = await submit({});
    const ticket = await open(support, ticket_id);
    const requests: Array<[string, string, unknown?]> = [
      ['GET', '/admin/tickets'],
      ['GET', `/admin/tickets/${ticket_id}`],
      ['PATCH', `/admin/tickets/${ticket_id}`, { version: ticket.version, status: 'waiting' }],
      ['POST', `/admin/tickets/${ticket_id}/replies`, { message: 'Hello' }],
      ['POST', `/admin/tickets/${ticket_id}/notes`, { note: 'Hello' }],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [learner, instructor]) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'role_required' });
      }
    }
    expect(await ctx.database.db.select().from(auditLog)).toHaveLength(0);
    for (const who of [support, admin]) {
      const current = await open(who, ticket_id);
      expect((await patch(who, current, { status: current.status === 'open' ? 'waiting' : 'open' })).statusCode).toBe(
        200,
      );
      expect((await note(who, ticket_id, 'Checked')).statusCode).toBe(200);
      expect((await reply(who, ticket_id, { message: 'Hi' })).statusCode).toBe(200);
      expect((await list(who)).tickets).toHaveLength(1);
    }
  });

  it('answers 400 for hostile input and 404 for a ticket that does not exist, writing nothing', async () => {
    const support = await staff('Sam Support', 'support');
    const { ticket_id } = await submit({});
    const ticket = await open(support, ticket_id);
    const bad: Array<[string, string, unknown?]> = [
      ['GET', '/admin/tickets?status=pending'],
      ['GET', '/admin/tickets?assignee=someone'],
      ['GET', '/admin/tickets?category=sales'],
      ['GET', '/admin/tickets?sort=oldest'],
      ['GET', '/admin/tickets?limit=1000'],
      ['GET', '/admin/tickets?cursor=%27%3B%20drop%20table'],
      ['GET', `/admin/tickets?cursor=${Buffer.from('newest:1:x').toString('base64url')}`],
      ['GET', '/admin/tickets/not-a-ticket'],
      ['PATCH', `/admin/tickets/${ticket_id}`, { status: 'closed' }],
      ['PATCH', `/admin/tickets/${ticket_id}`, { version: ticket.version }],
      ['PATCH', `/admin/tickets/${ticket_id}`, { version: ticket.version, status: 'gone' }],
      ['PATCH', `/admin/tickets/${ticket_id}`, { version: ticket.version, assigneeId: 'me' }],
      ['PATCH', `/admin/tickets/${ticket_id}`, { version: ticket.version, status: 'closed', extra: 1 }],
      ['POST', `/admin/tickets/${ticket_id}/replies`, { message: '   ' }],
      ['POST', `/admin/tickets/${ticket_id}/replies`, { message: 'x'.repeat(5001) }],
      ['POST', `/admin/tickets/${ticket_id}/replies`, { message: 'a\u0000b' }],
      ['POST', `/admin/tickets/${ticket_id}/replies`, { message: 'Hi', status: 'deleted' }],
      ['POST', `/admin/tickets/${ticket_id}/notes`, {}],
      ['POST', `/admin/tickets/${ticket_id}/notes`, { note: ['a'] }],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(support, method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const missing = 'TKT-20200101-ABCDEF';
    for (const [method, url, body] of [
      ['GET', `/admin/tickets/${missing}`],
      ['PATCH', `/admin/tickets/${missing}`, { version: 1, status: 'closed' }],
      ['POST', `/admin/tickets/${missing}/replies`, { message: 'Hi' }],
      ['POST', `/admin/tickets/${missing}/notes`, { note: 'Hi' }],
    ] as const) {
      const res = await call(support, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ticket_not_found' });
    }
    expect(await ctx.database.db.select().from(auditLog)).toHaveLength(0);
    expect(await ctx.database.db.select().from(ticketEntries)).toHaveLength(0);
    const stored = await ctx.database.db
      .select({ version: contactMessages.version })
      .from(contactMessages)
      .where(and(eq(contactMessages.ticketId, ticket_id)));
    expect(stored).toEqual([{ version: 1 }]);
  });

  it('deletes a ticket’s thread with the ticket (as an account deletion deletes its tickets)', async () => {
    const support = await staff('Sam Support', 'support');
    const learner = await staff('Asha Menon');
    const { ticket_id } = await submit({ email: learner.email }, learner);
    await note(support, ticket_id, 'Called them.');
    await reply(support, ticket_id, { message: 'Done.' });
    await ctx.database.db.delete(contactMessages).where(eq(contactMessages.userId, learner.id));
    expect(await ctx.database.db.select().from(ticketEntries)).toHaveLength(0);
  });
});
