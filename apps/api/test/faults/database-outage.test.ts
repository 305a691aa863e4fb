import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadCatalogue, loadSiteConfig } from '../../src/content/load.ts';
import { seedCatalogue } from '../../src/content/seed.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { videoSessions } from '../../src/db/schema.ts';
import { isDatabaseUnavailable } from '../../src/lib/errors.ts';
import { repoRoot } from '../../src/paths.ts';
import { TEST_ORIGIN, testConfig } from '../app.ts';
import { insertEnrollment, insertLearner, type TestLearner } from '../support/learners.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

/**
 * PostgreSQL goes away while learners are watching (a TCP proxy of this test's own between the app and the
 * shared server is cut, then restored): readiness and every request that needs the database answer 503 with
 * a detail within a bounded time (never 500, never a hang, never a 401 that would sign learners out); the
 * app serves again by itself once the database is back; and every event batch and progress report that was
 * acknowledged is in the database afterwards.
 */
const base = process.env.TEST_DATABASE_URL;
const LESSON = 'llm-evaluation-02';
const LEARNERS = 3;
/** A request during the outage must be answered within this (the pool's connect timeout is 5 s). */
const BOUND_MS = 6_000;

interface Player {
  learner: TestLearner;
  sessionId: string;
  sentEvents: Set<number>;
  ackedEvents: Set<number>;
  lastAckedPosition: number | null;
  statuses: Map<number, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(base))('PostgreSQL unreachable mid-run', () => {
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(base as string, 'outage');
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({ url: viaProxy.toString(), poolSize: 5 });
    await database.migrate();
    await seedCatalogue(database.db, (await loadCatalogue(path.join(repoRoot, 'content'))).courses);
    const config = testConfig();
    app = await buildApp({ config, database, site: await loadSiteConfig(config.contentDir), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    // The proxy goes first: resetting its sockets fails any query still parked on a stalled connection, so
    // the pool and the app can close instead of waiting for answers that will never come.
    await proxy?.close();
    await app?.close();
    await Promise.race([database?.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await scratch?.drop();
  });

  const request = (method: 'GET' | 'PUT' | 'POST', url: string, learner?: TestLearner, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(learner ? { cookie: learner.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Whether /health answers 200 within `ms`, asked every 100 ms (the app recovers by itself, no restart). */
  async function healthyWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if ((await request('GET', '/api/v1/health')).statusCode === 200) return true;
      await sleep(100);
    }
    return false;
  }

  /** A player: progress every tick, a batch of 10 events every tick, each remembered if acknowledged. */
  async function play(player: Player, until: () => boolean) {
    let tick = 0;
    while (!until()) {
      tick += 1;
      const position = tick % 60;
      const progress = await request('PUT', `/api/v1/lessons/${LESSON}/progress`, player.learner, {
        watchSeconds: position,
        completed: false,
      });
      player.statuses.set(progress.statusCode, (player.statuses.get(progress.statusCode) ?? 0) + 1);
      if (progress.statusCode === 200) player.lastAckedPosition = position;
      const seqs = Array.from({ length: 10 }, (_, i) => tick * 10 + i);
      for (const seq of seqs) player.sentEvents.add(seq);
      const events = await request(
        'POST',
        `/api/v1/lessons/${LESSON}/events`,
        player.learner,
        seqs.map((seq) => ({ sessionId: player.sessionId, eventType: 'play', positionSec: seq })),
      );
      player.statuses.set(events.statusCode, (player.statuses.get(events.statusCode) ?? 0) + 1);
      if (events.statusCode === 200) for (const seq of seqs) player.ackedEvents.add(seq);
      await sleep(25);
    }
  }

  async function timed(run: () => Promise<LightMyRequestResponse>) {
    const started = performance.now();
    const res = await run();
    return { res, ms: performance.now() - started };
  }

  it('answers 503 with a detail while it is away, recovers by itself, and loses nothing acknowledged', async () => {
    const players: Player[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const learner = await insertLearner(database.db, new Date(), `Outage Learner ${i}`);
      await insertEnrollment(database.db, learner.id, 'llm-evaluation', { accessType: 'permanent' });
      const [session] = await database.db
        .insert(videoSessions)
        .values({ userId: learner.id, lessonId: LESSON })
        .returning({ id: videoSessions.id });
      players.push({
        learner,
        sessionId: session?.id as string,
        sentEvents: new Set(),
        ackedEvents: new Set(),
        lastAckedPosition: null,
        statuses: new Map(),
      });
    }
    let phase: 'before' | 'outage' | 'after' | 'done' = 'before';
    const playing = Promise.all(players.map((p) => play(p, () => phase === 'done')));
    await sleep(1_000);

    await proxy.cut();
    phase = 'outage';
    const learner = players[0]?.learner as TestLearner;
    const checks = {
      health: await timed(() => request('GET', '/api/v1/health')),
      contactHealth: await timed(() => request('GET', '/api/v1/contact/health')),
      courses: await timed(() => request('GET', '/api/v1/courses')),
      course: await timed(() => request('GET', '/api/v1/courses/llm-evaluation')),
      lesson: await timed(() => request('GET', `/api/v1/lessons/${LESSON}`, learner)),
      progress: await timed(() =>
        request('PUT', `/api/v1/lessons/${LESSON}/progress`, learner, { watchSeconds: 5, completed: false }),
      ),
      dashboard: await timed(() => request('GET', '/api/v1/dashboard', learner)),
    };
    for (const [name, { res, ms }] of Object.entries(checks)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
      expect(res.json().detail, name).toMatch(/\w+ .+\./);
      expect(ms, name).toBeLessThan(BOUND_MS);
    }
    expect(checks.health.res.json()).toEqual({
      detail: 'The database is not reachable.',
      code: 'database_unavailable',
    });
    // Liveness needs no database: the process is up, only not ready.
    expect((await request('GET', '/api/v1/health/live')).statusCode).toBe(200);
    await sleep(1_500);

    await proxy.restore();
    phase = 'after';
    const restoredAt = Date.now();
    expect(await healthyWithin(15_000), 'the app serves again without a restart').toBe(true);
    const recoveryMs = Date.now() - restoredAt;
    expect((await request('GET', '/api/v1/courses')).statusCode).toBe(200);
    await sleep(1_000);
    phase = 'done';
    await playing;

    const stored = await database.db.execute<{ session_id: string; position_sec: number }>(
      sql`select session_id, position_sec from video_events`,
    );
    const rows = (stored as unknown as { rows: Array<{ session_id: string; position_sec: number }> }).rows;
    const progress = await database.db.execute<{ user_id: string; resume_seconds: number }>(
      sql`select user_id, resume_seconds from lesson_progress`,
    );
    const progressRows = (progress as unknown as { rows: Array<{ user_id: string; resume_seconds: number }> }).rows;
    for (const player of players) {
      const mine = new Set(rows.filter((r) => r.session_id === player.sessionId).map((r) => Number(r.position_sec)));
      const lost = [...player.ackedEvents].filter((seq) => !mine.has(seq));
      expect(lost, 'acknowledged events missing from the database').toEqual([]);
      const invented = [...mine].filter((seq) => !player.sentEvents.has(seq));
      expect(invented, 'stored events nobody sent').toEqual([]);
      // The last report of each player came after the restore and was acknowledged: it is what is stored.
      const row = progressRows.find((r) => r.user_id === player.learner.id);
      expect(row?.resume_seconds).toBe(player.lastAckedPosition);
      expect(player.statuses.get(503) ?? 0, 'the players met the outage').toBeGreaterThan(0);
      expect([...player.statuses.keys()].sort()).toEqual([200, 503]);
    }
    const acked = players.reduce((n, p) => n + p.ackedEvents.size, 0);
    const refused = players.reduce((n, p) => n + (p.statuses.get(503) ?? 0), 0);
    const slowest = Math.max(...Object.values(checks).map((c) => c.ms));
    process.stdout.write(
      `database outage: ${refused} player requests answered 503 during the outage (slowest probe ${Math.round(slowest)} ms), ` +
        `healthy again ${recoveryMs} ms after the restore, ${acked} acknowledged events all stored, ${rows.length} stored\n`,
    );
  }, 60_000);

  it('fails a transaction whose connection is lost between statements, without crashing the process', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const attempt = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The reset reaches a connection that is checked out of the pool but has no query running.
        await proxy.cut();
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      await sleep(100);
      expect(uncaught.map(String)).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await proxy.restore();
    }
    expect(await healthyWithin(10_000)).toBe(true);
  });

  it('fails requests with 503 within the pool timeouts when the database stops answering, and recovers', async () => {
    const learner = await insertLearner(database.db, new Date(), 'Stall Learner');
    await insertEnrollment(database.db, learner.id, 'llm-evaluation', { accessType: 'permanent' });
    expect((await request('GET', '/api/v1/health')).statusCode).toBe(200);
    proxy.stall();
    // Connecting gives up after 5 s, a query after 15 s (apps/api/src/db/client.ts): bounded, never a hang.
    const probes = await Promise.all([
      timed(() => request('GET', '/api/v1/health')),
      timed(() => request('GET', '/api/v1/courses?page=2')),
      timed(() => request('PUT', `/api/v1/lessons/${LESSON}/progress`, learner, { watchSeconds: 5, completed: false })),
      timed(() => request('GET', '/api/v1/dashboard', learner)),
    ]);
    for (const { res, ms } of probes) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().detail).toMatch(/\w+ .+\./);
      expect(ms).toBeLessThan(16_500);
    }
    await proxy.restore();
    const restoredAt = Date.now();
    expect(await healthyWithin(15_000), 'the app serves again without a restart').toBe(true);
    const saved = await request('PUT', `/api/v1/lessons/${LESSON}/progress`, learner, {
      watchSeconds: 7,
      completed: false,
    });
    expect(saved.statusCode).toBe(200);
    process.stdout.write(
      `database stall: ${probes.length} requests answered 503 after at most ${Math.round(Math.max(...probes.map((p) => p.ms)))} ms, ` +
        `healthy again ${Date.now() - restoredAt} ms after the restore\n`,
    );
  }, 60_000);
});
