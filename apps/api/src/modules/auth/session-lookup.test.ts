import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { deleteAccount } from '../account/delete-account.ts';
import { RECENT_SESSION_MS, RecentSessions, sessionsChanged } from './recent-sessions.ts';
import { deleteSession, hashToken, SESSION_TTL_MS } from './session.ts';
import { SessionLookup } from './session-lookup.ts';
import { signInAs } from './test-support.ts';

const DAY = 86_400_000;

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
}

/**
 * Counts the statements that reach the database driver (the PGlite instance or the pg pool under drizzle), by
 * their SQL text. Spying on the driver rather than on our own code means a lookup that skipped the counter
 * could not exist: every query the lookup sends passes through here.
 */
function driverStatements(db: Db) {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query');
  const text = (args: unknown[]) => {
    const [first] = args;
    return typeof first === 'string' ? first : String((first as { text?: unknown }).text ?? '');
  };
  return {
    original,
    spy,
    lookups: () => spy.mock.calls.filter((args) => /from unnest\(.*join "sessions"/s.test(text(args))).length,
    refreshes: () => spy.mock.calls.filter((args) => /update sessions as s set expires_at/.test(text(args))).length,
  };
}

describe('SessionLookup (batched session lookups)', () => {
  const ctx = useTestApp({ seed: false });

  const learners = (n: number, now = ctx.clock.now) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => signInAs(ctx.database.db, { email: `learner${i}@example.com` }, now)),
    );

  it('sends one query per lookup when they come one at a time (the counter sees every lookup)', async () => {
    const people = await learners(3);
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    for (const person of people) {
      expect((await lookup.find(person.token, ctx.clock.now))?.id).toBe(person.userId);
    }
    expect(statements.lookups()).toBe(3);
  });

  it('answers concurrent lookups of different sessions with fewer queries, each with its own learner', async () => {
    const people = await learners(12);
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    const found = await Promise.all(people.map((p) => lookup.find(p.token, ctx.clock.now)));
    // The first goes alone at once; the eleven that arrived while it was in flight go together.
    expect(statements.lookups()).toBe(2);
    expect(found.map((u) => u?.id)).toEqual(people.map((p) => p.userId));
    expect(found.map((u) => u?.email)).toEqual(people.map((_, i) => `learner${i}@example.com`));
    expect(found.map((u) => u?.sessionId)).toEqual(people.map((p) => hashToken(p.token)));
  });

  it('with startOnNextTurn (PGlite), answers the lookups made in one turn by one query', async () => {
    const people = await learners(12);
    const lookup = new SessionLookup(ctx.database.db, { startOnNextTurn: true });
    const statements = driverStatements(ctx.database.db);
    const found = await Promise.all(people.map((p) => lookup.find(p.token, ctx.clock.now)));
    expect(statements.lookups()).toBe(1);
    expect(found.map((u) => u?.id)).toEqual(people.map((p) => p.userId));
    // A lone lookup is still answered, by a query of its own.
    expect((await lookup.find(people[3]?.token ?? '', ctx.clock.now))?.id).toBe(people[3]?.userId);
    expect(statements.lookups()).toBe(2);
  });

  it('gives null to an expired, a deleted and a malformed session in a batch while the others succeed', async () => {
    const now = ctx.clock.now;
    const [first, alive, deleted, alsoAlive] = await learners(4);
    const expired = await signInAs(
      ctx.database.db,
      { email: 'expired@example.com' },
      new Date(now.getTime() - 31 * DAY),
    );
    await deleteSession(ctx.database.db, hashToken(deleted?.token ?? ''));
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    const found = await Promise.all([
      lookup.find(first?.token ?? '', now),
      lookup.find(alive?.token ?? '', now),
      lookup.find(expired.token, now),
      lookup.find(deleted?.token ?? '', now),
      lookup.find('not-a-token', now),
      lookup.find(alsoAlive?.token ?? '', now),
    ]);
    expect(found.map((u) => u?.id ?? null)).toEqual([
      first?.userId,
      alive?.userId,
      null,
      null,
      null,
      alsoAlive?.userId,
    ]);
    // The malformed token costs no query; the other five take two.
    expect(statements.lookups()).toBe(2);
  });

  it("checks expiry against each lookup's own time, also for one session asked twice in a batch", async () => {
    const [first, person] = await learners(2);
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    const beforeExpiry = new Date(ctx.clock.now.getTime() + SESSION_TTL_MS - 1000);
    const afterExpiry = new Date(ctx.clock.now.getTime() + SESSION_TTL_MS + 1000);
    const found = await Promise.all([
      lookup.find(first?.token ?? '', ctx.clock.now),
      lookup.find(person?.token ?? '', afterExpiry),
      lookup.find(person?.token ?? '', beforeExpiry),
    ]);
    expect(found.map((u) => u?.id ?? null)).toEqual([first?.userId, null, person?.userId]);
    expect(statements.lookups()).toBe(2);
  });

  it('rejects only the batch whose query failed; the next lookup works', async () => {
    const people = await learners(4);
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    statements.spy
      .mockImplementationOnce((...args) => statements.original(...args))
      .mockRejectedValueOnce(new Error('connection lost'));
    const [alone, ...batch] = await Promise.allSettled(people.map((p) => lookup.find(p.token, ctx.clock.now)));
    expect(alone).toMatchObject({ status: 'fulfilled', value: { id: people[0]?.userId } });
    expect(batch).toHaveLength(3);
    for (const answer of batch) {
      expect(answer).toMatchObject({ status: 'rejected', reason: { cause: { message: 'connection lost' } } });
    }
    await expect(lookup.find(people[1]?.token ?? '', ctx.clock.now)).resolves.toMatchObject({
      id: people[1]?.userId,
    });
    expect(statements.lookups()).toBe(3);
  });

  it('fails the lookups queued behind a query that found the database unavailable, bounding their wait', async () => {
    const people = await learners(4);
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    // What the pg pool raises when the server stops answering within query_timeout.
    statements.spy.mockRejectedValueOnce(new Error('Query read timeout'));
    const answers = await Promise.allSettled(people.map((p) => lookup.find(p.token, ctx.clock.now)));
    // Without this, the three queued lookups would wait for a second timeout of their own query.
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(statements.lookups()).toBe(1);
    await expect(lookup.find(people[2]?.token ?? '', ctx.clock.now)).resolves.toMatchObject({
      id: people[2]?.userId,
    });
    expect(statements.lookups()).toBe(2);
  });

  it('slides the expiry at most once a day: one write for a batch asking for the same due session', async () => {
    const start = ctx.clock.now.getTime();
    const [first, person] = await learners(2, new Date(start));
    const lookup = new SessionLookup(ctx.database.db);
    const statements = driverStatements(ctx.database.db);
    const twoDaysOn = new Date(start + 2 * DAY);
    const later = new Date(start + 2 * DAY + 5000);
    const found = await Promise.all([
      lookup.find(first?.token ?? '', new Date(start)),
      lookup.find(person?.token ?? '', twoDaysOn),
      lookup.find(person?.token ?? '', later),
    ]);
    expect(found.map((u) => u?.id)).toEqual([first?.userId, person?.userId, person?.userId]);
    expect(statements.refreshes()).toBe(1);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(person?.token ?? '')));
    // The latest time that asked wins.
    expect(row?.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    // Within the day after a refresh, lookups are reads only.
    expect((await lookup.find(person?.token ?? '', new Date(start + 2.5 * DAY)))?.id).toBe(person?.userId);
    expect(statements.refreshes()).toBe(1);
  });
});

describe('session lookups through the app', () => {
  const ctx = useTestApp({ seed: false });
  const me = (cookie: string) => ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie } });

  it("batches concurrent requests' lookups in the app's one SessionLookup", async () => {
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInAs(ctx.database.db, { email: `p${i}@example.com` }, ctx.clock.now)),
    );
    const statements = driverStatements(ctx.database.db);
    const answers = await Promise.all(people.map((p) => me(p.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((r) => r.json().id)).toEqual(people.map((p) => p.userId));
    expect(statements.lookups()).toBeGreaterThan(0);
    expect(statements.lookups()).toBeLessThan(10);
  });

  it('logout makes the next request 401 at once, while other learners stay signed in', async () => {
    const [leaving, staying] = await Promise.all([
      signInAs(ctx.database.db, { email: 'leaving@example.com' }, ctx.clock.now),
      signInAs(ctx.database.db, { email: 'staying@example.com' }, ctx.clock.now),
    ]);
    // Warm: both signed in, looked up in the same batches.
    const warm = await Promise.all([me(leaving.cookie), me(staying.cookie), me(leaving.cookie)]);
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: leaving.cookie, origin: TEST_ORIGIN },
    });
    expect(logout.statusCode).toBe(204);
    const after = await Promise.all([me(leaving.cookie), me(staying.cookie), me(leaving.cookie)]);
    expect(after.map((r) => r.statusCode)).toEqual([401, 200, 401]);
  });
});

/** Decision 041: `recent` lookups (the progress route's) may be answered from what this process confirmed. */
describe('SessionLookup, recent lookups', () => {
  const ctx = useTestApp({ seed: false });
  /** A memory whose clock the test moves: ages are real time in the product, not the test clock. */
  const memory = () => {
    const clock = { ms: 0 };
    return { clock, sessions: new RecentSessions(RECENT_SESSION_MS, () => clock.ms) };
  };

  it('answers a recent lookup of a session confirmed moments ago without a query; a plain lookup always asks', async () => {
    const person = await signInAs(ctx.database.db, { email: 'a@example.com' }, ctx.clock.now);
    const lookup = new SessionLookup(ctx.database.db, { recentSessions: memory().sessions });
    const statements = driverStatements(ctx.database.db);
    expect((await lookup.find(person.token, ctx.clock.now, { recent: true }))?.id).toBe(person.userId);
    expect((await lookup.find(person.token, ctx.clock.now, { recent: true }))?.id).toBe(person.userId);
    expect(statements.lookups()).toBe(1);
    expect((await lookup.find(person.token, ctx.clock.now))?.id).toBe(person.userId);
    expect(statements.lookups()).toBe(2);
  });

  it("refuses a remembered session once it has expired, at the lookup's own time", async () => {
    const person = await signInAs(ctx.database.db, { email: 'a@example.com' }, ctx.clock.now);
    const lookup = new SessionLookup(ctx.database.db, { recentSessions: memory().sessions });
    expect(await lookup.find(person.token, ctx.clock.now, { recent: true })).not.toBeNull();
    const later = new Date(ctx.clock.now.getTime() + SESSION_TTL_MS + 1);
    expect(await lookup.find(person.token, later, { recent: true })).toBeNull();
  });

  it('forgets every session at once when this process signs one out or deletes an account', async () => {
    const [a, b] = await Promise.all([
      signInAs(ctx.database.db, { email: 'a@example.com' }, ctx.clock.now),
      signInAs(ctx.database.db, { email: 'b@example.com' }, ctx.clock.now),
    ]);
    const lookup = new SessionLookup(ctx.database.db, { recentSessions: memory().sessions });
    await Promise.all([a, b].map((p) => lookup.find(p.token, ctx.clock.now, { recent: true })));
    await deleteSession(ctx.database.db, hashToken(a.token));
    expect(await lookup.find(a.token, ctx.clock.now, { recent: true })).toBeNull();
    expect((await lookup.find(b.token, ctx.clock.now, { recent: true }))?.id).toBe(b.userId);
    await deleteAccount(ctx.database.db, b.userId, ctx.clock.now);
    expect(await lookup.find(b.token, ctx.clock.now, { recent: true })).toBeNull();
  });

  it('sees a session deleted by another process at once in plain lookups, in recent ones once the memory ages', async () => {
    const person = await signInAs(ctx.database.db, { email: 'a@example.com' }, ctx.clock.now);
    const { clock, sessions: recentSessions } = memory();
    const lookup = new SessionLookup(ctx.database.db, { recentSessions });
    expect(await lookup.find(person.token, ctx.clock.now, { recent: true })).not.toBeNull();
    // Straight in the database, as another process's sign-out would: nothing of this process hears of it.
    await ctx.database.db.delete(sessions).where(eq(sessions.id, hashToken(person.token)));
    expect(await lookup.find(person.token, ctx.clock.now)).toBeNull();
    clock.ms += RECENT_SESSION_MS - 1;
    expect(await lookup.find(person.token, ctx.clock.now, { recent: true })).not.toBeNull();
    clock.ms += 2;
    expect(await lookup.find(person.token, ctx.clock.now, { recent: true })).toBeNull();
  });

  it('does not remember the answer of a query that started before a session write of this process', async () => {
    const person = await signInAs(ctx.database.db, { email: 'a@example.com' }, ctx.clock.now);
    const lookup = new SessionLookup(ctx.database.db, { recentSessions: memory().sessions });
    const statements = driverStatements(ctx.database.db);
    const pending = lookup.find(person.token, ctx.clock.now, { recent: true });
    sessionsChanged();
    expect(await pending).not.toBeNull();
    await lookup.find(person.token, ctx.clock.now, { recent: true });
    expect(statements.lookups()).toBe(2);
  });
});

describe('progress reports and the sessions this process remembers', () => {
  const ctx = useTestApp();
  const put = (cookie: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/lessons/ai-agents-tool-use-01/progress',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { watchSeconds: 5, completed: false },
    });

  it('refuses the report after a sign-out at once, while another learner goes on', async () => {
    const [leaving, staying] = await Promise.all([
      signInAs(ctx.database.db, { email: 'leaving@example.com' }, ctx.clock.now),
      signInAs(ctx.database.db, { email: 'staying@example.com' }, ctx.clock.now),
    ]);
    expect((await Promise.all([put(leaving.cookie), put(staying.cookie)])).map((r) => r.statusCode)).toEqual([
      200, 200,
    ]);
    const statements = driverStatements(ctx.database.db);
    expect((await put(staying.cookie)).statusCode).toBe(200);
    expect(statements.lookups()).toBe(0);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: leaving.cookie, origin: TEST_ORIGIN },
    });
    expect(logout.statusCode).toBe(204);
    expect((await Promise.all([put(leaving.cookie), put(staying.cookie)])).map((r) => r.statusCode)).toEqual([
      401, 200,
    ]);
  });
});
