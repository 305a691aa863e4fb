import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { resetDatabase, seedTestCatalogue, testDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import type { Database } from '../db/client.ts';
import { courses, users } from '../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../modules/auth/session.ts';

interface LogLine {
  msg: string;
  [key: string]: unknown;
}

/** The app listening on a port (a replay is answered by the server's listener, which inject() does not reach). */
async function listening(database: Database, cacheSeconds: string) {
  const config = testConfig({ LOG_LEVEL: 'info', CATALOGUE_CACHE_SECONDS: cacheSeconds });
  const lines: LogLine[] = [];
  const app = await buildApp({
    config,
    database,
    site: await loadSiteConfig(config.contentDir),
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  // Every request Fastify itself handles passes here; a replayed one does not.
  const passes: string[] = [];
  app.addHook('onRequest', (request, _reply, done) => {
    passes.push(`${request.method} ${request.url}`);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, base, lines, passes };
}

/** A request with exactly these headers (fetch sends its own Host and Sec-Fetch-Mode). */
const send = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<number>((resolve, reject) => {
    httpRequest(url, { method, headers }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });

const requestLines = (lines: LogLine[]) => lines.filter((l) => l.msg === 'request');
const answered = async (app: FastifyInstance, route: string, status: string) => {
  const counter = app.deps.metrics.registry.getSingleMetric('http_requests_total');
  const values = (await counter?.get())?.values ?? [];
  return values.find((v) => v.labels.route === route && v.labels.status === status)?.value ?? 0;
};
const headersOf = (res: Response) => {
  const headers = Object.fromEntries(res.headers);
  delete headers.date;
  delete headers['x-request-id'];
  return headers;
};

/** A fresh seeded database and the app listening on it, for the tests of one describe block. */
function useListening(cacheSeconds: string) {
  const ctx = {} as { database: Database; server: Awaited<ReturnType<typeof listening>> };
  beforeAll(async () => {
    ctx.database = await testDatabase();
    await resetDatabase(ctx.database);
    await seedTestCatalogue(ctx.database);
    ctx.server = await listening(ctx.database, cacheSeconds);
  });
  afterAll(async () => {
    await ctx.server?.app.close();
  });
  return ctx;
}

describe('public reads replayed in front of Fastify', () => {
  const ctx = useListening('60');

  it("answers the same request again with Fastify's status, headers and bytes, with its own id, line and count", async () => {
    const url = `${ctx.server.base}/api/v1/courses?page=1&size=9`;
    const first = await fetch(url);
    const firstBody = await first.text();
    ctx.server.passes.length = 0;
    const again = await fetch(url);
    const given = await fetch(url, { headers: { 'x-request-id': 'support-ticket-0042' } });
    expect(ctx.server.passes).toEqual([]);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(headersOf(again)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=5, stale-while-revalidate=30',
      'x-content-type-options': 'nosniff',
    });
    const ids = [first, again].map((r) => r.headers.get('x-request-id'));
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(given.headers.get('x-request-id')).toBe('support-ticket-0042');
    await given.text();
    await delay(300); // the request lines leave in blocks
    const logged = requestLines(ctx.server.lines).filter((l) => l.route === '/api/v1/courses');
    expect(logged.map((l) => l.reqId)).toEqual([...ids, 'support-ticket-0042']);
    expect(logged[1]).toMatchObject({ level: 30, method: 'GET', status: 200, ms: expect.any(Number) });
    expect(await answered(ctx.server.app, '/api/v1/courses', '200')).toBe(3);
  });

  it('replays a course page only to visitors: a signed-in learner gets their own answer from Fastify', async () => {
    const [course] = await ctx.database.db.select().from(courses).limit(1);
    const url = `${ctx.server.base}/api/v1/courses/${course?.id}`;
    await (await fetch(url)).text();
    ctx.server.passes.length = 0;
    const visitor = await fetch(url);
    expect(ctx.server.passes).toEqual([]);
    expect(visitor.headers.get('vary')).toBe('cookie');
    expect(visitor.headers.get('cache-control')).toBe('private, no-cache');
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email: 'replay@example.com', name: 'Replay Learner' })
      .returning({ id: users.id });
    const { token } = await createSession(ctx.database.db, user?.id ?? '', new Date());
    const learner = await fetch(url, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(learner.status).toBe(200);
    expect(ctx.server.passes).toHaveLength(1);
  });

  it('sends to Fastify every request a replay cannot know the answer to', async () => {
    const url = `${ctx.server.base}/api/v1/courses/featured`;
    const first = await fetch(url);
    const etag = String(first.headers.get('etag'));
    await first.text();
    const port = new URL(ctx.server.base).port;
    const variants: [string, Record<string, string>, string?, string?][] = [
      ['a conditional request (answered 304)', { 'if-none-match': etag }],
      ['a cookie', { cookie: 'theme=dark' }],
      ['another origin', { origin: 'http://localhost:3999' }],
      ['another host name', { host: `localhost:${port}` }],
      ['a page navigation', { 'sec-fetch-mode': 'navigate' }],
      ['HEAD', {}, 'HEAD'],
      ['another query', {}, 'GET', `${url}?x=1`],
    ];
    for (const [what, headers, method, other] of variants) {
      ctx.server.passes.length = 0;
      await send(other ?? url, headers, method);
      expect(ctx.server.passes, what).toHaveLength(1);
    }
    ctx.server.passes.length = 0;
    expect(await send(url)).toBe(200);
    expect(ctx.server.passes, 'the plain request again').toEqual([]);
  });

  it('replays nothing once the app begins to close (Fastify answers 503 to a busy keep-alive client then)', async () => {
    const url = new URL(`${ctx.server.base}/api/v1/stats`);
    await send(url.href);
    // The request as the server's listener sees it; a response that only records what is written to it.
    const req = { method: 'GET', url: url.pathname, headers: { host: url.host } } as IncomingMessage;
    const written: unknown[] = [];
    const res = {
      writeHead: (...args: unknown[]) => {
        written.push(args);
        return res;
      },
      end: (body: unknown) => written.push(body),
    } as unknown as ServerResponse;
    expect(ctx.server.app.deps.replays.answer(req, res)).toBe(true);
    const closed = ctx.server.app.close();
    // preClose hooks run before the server stops listening.
    while (ctx.server.app.server.listening) await delay(1);
    written.length = 0;
    expect(ctx.server.app.deps.replays.answer(req, res)).toBe(false);
    expect(written).toEqual([]);
    await closed;
  });
});

describe('a replay lasts as long as its cache entry', () => {
  const ctx = useListening('1');

  it('goes to Fastify once the entry expires, then replays the new answer', async () => {
    const [course] = await ctx.database.db.select().from(courses).limit(1);
    const url = `${ctx.server.base}/api/v1/courses/${course?.id}`;
    const title = async () => ((await (await fetch(url)).json()) as { title: string }).title;
    const before = await title();
    await ctx.database.db
      .update(courses)
      .set({ title: 'Renamed while cached' })
      .where(eq(courses.id, course?.id ?? ''));
    await delay(1100);
    ctx.server.passes.length = 0;
    const after = await title();
    const again = await title();
    expect(before).not.toBe('Renamed while cached');
    expect(after).toBe('Renamed while cached');
    expect(again).toBe('Renamed while cached');
    expect(ctx.server.passes).toHaveLength(1);
  });
});
