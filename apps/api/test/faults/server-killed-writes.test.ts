import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import {
  acknowledged,
  type LearnerState,
  matchingPrefix,
  observeLearner,
  type Write,
  WritingLearner,
} from '../support/learner-writes.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

/**
 * The server process dies (SIGKILL: no shutdown hook runs, as in a crash or an out-of-memory kill) during a
 * burst of every kind of write a learner makes: progress reports, free enrollments, settings changes, contact
 * messages and watch events (server-killed.test.ts covers a burst of watch events alone). The database is then
 * reopened as the next start would: it opens, and it holds each learner's first k writes exactly, k at least
 * every write the server acknowledged (the one in flight at the kill may be there, whole, or not at all), with
 * each course's enrollment counter agreeing with its enrollments. A server then starts on it again (the killed
 * one's lock on the data folder is stale) and serves. PGlite in the PGlite pass; PostgreSQL in the PostgreSQL pass.
 *
 * What this does not cover: the machine itself losing power. The killed process's writes are in the operating
 * system's cache, which survives it; PGlite never asks the system to flush them to the disk (it runs PostgreSQL
 * with fsync off, and its Node file system has no fsync: electric-sql/pglite#1107), so a machine power cut can
 * lose its last writes. docs/production.md says so; production runs on PostgreSQL.
 */
const base = process.env.TEST_DATABASE_URL;
const KIND = base ? 'PostgreSQL' : 'PGlite';
const LEARNERS = 6;
/** Kill once this many writes were acknowledged in all: mid-burst, one write in flight per learner. */
const KILL_AFTER_WRITES = 150;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

describe(`the server killed during learners' writes (${KIND})`, () => {
  let dataDir = '';
  let scratch: ScratchDatabase | undefined;
  const servers: ServerProcess[] = [];
  let reopened: Database | undefined;

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await reopened?.close().catch(() => {});
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reopens with every acknowledged write, and nothing in part', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-killed-writes-'));
    scratch = base ? await createScratchDatabase(base, 'killwrites') : undefined;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      SESSION_SECRET: 'killed-writes-session-secret-0123456789abc',
      MEDIA_SIGNING_SECRET: 'killed-writes-media-secret-0123456789abcde',
      // Contact messages come from addresses of their own (X-Forwarded-For), as behind the production proxy.
      TRUST_PROXY: '127.0.0.1',
    };
    const server = await startServerProcess(env);
    servers.push(server);

    const learners: WritingLearner[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      learners.push(await WritingLearner.signIn(server.baseUrl, `killed-writes-${i}@example.com`));
    }
    let killed = false;
    const writing = Promise.all(learners.map((learner) => learner.writeUntil(() => killed, 0)));
    const ackedWrites = () => learners.reduce((n, l) => n + l.records.filter(acknowledged).length, 0);
    while (ackedWrites() < KILL_AFTER_WRITES && learners.every((l) => l.failures().length === 0)) {
      await new Promise((r) => setTimeout(r, 5));
    }
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await writing;

    // Before the kill every write was acknowledged; the kill leaves at most the last one unanswered.
    for (const learner of learners) {
      const unanswered = learner.records.filter((r) => !acknowledged(r));
      expect(
        unanswered.every((r) => r.error !== undefined),
        learner.failures().join('\n'),
      ).toBe(true);
      expect(unanswered.length).toBeLessThanOrEqual(1);
    }
    const kinds = new Set(learners.flatMap((l) => l.records.filter(acknowledged).map((r) => r.write.kind)));
    expect([...kinds].sort()).toEqual([
      'contact',
      'enroll',
      'events',
      'progress',
      'settings',
    ] satisfies Write['kind'][]);

    // Reopened as the next start would (apps/api/src/bootstrap.ts): open, then apply migrations.
    reopened = await openDatabase(base ? { url: scratch?.url } : { pgliteDir: path.join(dataDir, 'pglite') });
    await reopened.migrate();
    const report: string[] = [];
    let acknowledgedWrites = 0;
    let inFlightStored = 0;
    for (const learner of learners) {
      const observed = await observeLearner(reopened.db, learner.email);
      expect(observed, learner.email).not.toBeNull();
      const k = matchingPrefix(observed as LearnerState, learner.records);
      expect(k, `${learner.email} holds no prefix of its writes: ${JSON.stringify(observed)}`).not.toBeNull();
      const acked = learner.records.filter(acknowledged).length;
      expect(k, `${learner.email}: an acknowledged write is missing`).toBeGreaterThanOrEqual(acked);
      expect(k).toBeLessThanOrEqual(learner.records.length);
      acknowledgedWrites += acked;
      inFlightStored += (k as number) - acked;
      report.push(`${k}/${acked}`);
    }
    // An enrollment and its course's counter are one transaction.
    const mismatched = rowsOf<{ id: string }>(
      await reopened.db.execute(sql`select c.id from courses c
        where c.enrolled_count <> (select count(*) from enrollments e where e.course_id = c.id)`),
    );
    expect(mismatched).toEqual([]);
    await reopened.close();
    reopened = undefined;
    process.stdout.write(
      `server killed during writes (${KIND}): ${acknowledgedWrites} writes of 5 kinds acknowledged before SIGKILL, all stored; ` +
        `${inFlightStored} of the ${LEARNERS} in flight stored whole, the rest not at all (stored/acknowledged per ` +
        `learner: ${report.join(', ')})\n`,
    );

    // The next start: the killed server's lock is stale, the database serves.
    const restarted = await startServerProcess(env);
    servers.push(restarted);
    const dashboard = await fetch(`${restarted.baseUrl}/api/v1/dashboard`, {
      headers: { cookie: learners[0]?.cookie ?? '' },
    });
    expect(dashboard.status).toBe(200);
    await restarted.stop();
  }, 240_000);
});
