import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contactMessages,
  courses,
  enrollments,
  lessonProgress,
  paymentOrders,
  users,
  videoEvents,
  videoSessions,
} from '../../src/db/schema.ts';
import { TEST_ORIGIN, useTestApp } from '../app.ts';
import { freshAddress, insertEnrollment, insertLearner, type TestLearner } from '../support/learners.ts';
import { SCRIPT_INJECTIONS, SQL_INJECTIONS } from './values.ts';

/**
 * Free text may hold anything a person can type, quotes and angle brackets included: it is stored and
 * answered as data, never run as SQL or markup. Fields a client adds on its own (prices, owners, ids,
 * times) are dropped, never trusted.
 */
describe('hostile text is data, and unknown fields are never trusted', () => {
  const ctx = useTestApp();
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, learner: TestLearner | null, payload: unknown) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: { origin: TEST_ORIGIN, ...(learner ? { cookie: learner.cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const countOf = async (table: typeof users | typeof courses) =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

  it('stores injection strings in a contact message verbatim and runs none of them', async () => {
    const learner = await insertLearner(ctx.database.db, ctx.clock.now);
    const hostile = [...SQL_INJECTIONS, ...SCRIPT_INJECTIONS];
    for (const text of hostile) {
      const res = await send('POST', '/api/v1/contact/submit', null, {
        name: text.slice(0, 100),
        email: 'visitor@example.com',
        subject: text,
        category: 'technical',
        message: `${text}\n${text}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      // JSON-escaped in the answer: a page that inserts it as text shows it, a page that parses JSON gets it back.
      expect(res.json().message).toContain(text.slice(0, 100));
    }
    const rows = await ctx.database.db.select().from(contactMessages).orderBy(contactMessages.createdAt);
    expect(rows.map((r) => r.subject).sort()).toEqual([...hostile].sort());
    expect(rows.every((r) => r.message === `${r.subject}\n${r.subject}`)).toBe(true);
    expect(await countOf(users)).toBe(1);
    expect(await countOf(courses)).toBe(15);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, learner.id))).toHaveLength(1);
  });

  it('keeps a name with quotes and markup exactly as typed', async () => {
    const learner = await insertLearner(ctx.database.db, ctx.clock.now);
    for (const name of ["Robert'); DROP TABLE users; --", '<script>alert(1)</script>', 'O\'Brien "Bobby" <b>']) {
      const res = await send('PATCH', '/api/v1/users/me', learner, { name });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().name).toBe(name);
      const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie: learner.cookie } });
      expect(me.json().name).toBe(name);
      expect(me.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(await countOf(users)).toBe(1);
  });

  it('prices an order from the catalogue, for the caller, whatever amount, owner or status the client adds', async () => {
    const buyer = await insertLearner(ctx.database.db, ctx.clock.now);
    const other = await insertLearner(ctx.database.db, ctx.clock.now);
    const res = await send('POST', '/api/v1/payments/create-order', buyer, {
      courseId: 'vector-databases',
      pricingTierId: 'vector-databases-weekly',
      amount: 1,
      amountPaise: 1,
      currency: 'USD',
      status: 'paid',
      userId: other.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 59_900, currency: 'INR' });
    const [order] = await ctx.database.db.select().from(paymentOrders);
    expect(order).toMatchObject({ userId: buyer.id, amountPaise: 59_900, currency: 'INR', status: 'created' });
    expect(await ctx.database.db.select().from(enrollments)).toEqual([]);
  });

  it('files a contact message under its own ticket, owner and time, whatever the client adds', async () => {
    const other = await insertLearner(ctx.database.db, ctx.clock.now);
    const res = await send('POST', '/api/v1/contact/submit', null, {
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Hello',
      category: 'general',
      message: 'Hi',
      ticket_id: 'TKT-EVIL',
      ticketId: 'TKT-EVIL',
      userId: other.id,
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket_id).not.toBe('TKT-EVIL');
    const [row] = await ctx.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ ticketId: res.json().ticket_id, userId: null, createdAt: ctx.clock.now });
  });

  it('credits progress and stores events for the caller only, at the server’s time', async () => {
    const learner = await insertLearner(ctx.database.db, ctx.clock.now);
    const other = await insertLearner(ctx.database.db, ctx.clock.now);
    await insertEnrollment(ctx.database.db, learner.id, 'llm-evaluation', { accessType: 'permanent' });
    const progress = await send('PUT', '/api/v1/lessons/llm-evaluation-02/progress', learner, {
      watchSeconds: 10,
      completed: false,
      watchedSeconds: 86_400,
      resumeSeconds: 5_000,
      userId: other.id,
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const rows = await ctx.database.db.select().from(lessonProgress);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: learner.id, resumeSeconds: 10, watchedSeconds: 0, completed: false });

    const [session] = await ctx.database.db
      .insert(videoSessions)
      .values({ userId: learner.id, lessonId: 'llm-evaluation-02', createdAt: ctx.clock.now })
      .returning({ id: videoSessions.id });
    const events = await send('POST', '/api/v1/lessons/llm-evaluation-02/events', learner, [
      { sessionId: session?.id, eventType: 'play', positionSec: 3, createdAt: '2000-01-01T00:00:00Z', id: 1 },
    ]);
    expect(events.statusCode, events.body).toBe(200);
    const stored = await ctx.database.db.select().from(videoEvents);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.createdAt.getTime()).toBe(ctx.clock.now.getTime());
  });
});
