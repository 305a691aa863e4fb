import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { type ServerProcess, signInThroughStandIn, startServerProcess } from '../support/server-process.ts';

/**
 * The server process is killed (SIGKILL: no shutdown hook runs) while learners' players post watch events.
 * Every batch the server acknowledged with 200 must be in the database afterwards, reopened the way the next
 * start would, and no batch may be stored in part. Runs on PGlite (its data folder) in the
 * PGlite pass of the API tests and on PostgreSQL in the PostgreSQL pass.
 */
const base = process.env.TEST_DATABASE_URL;
const CLIENTS = 6;
const BATCH = 10;
const LESSON = 'python-for-ai-01';
/** Kill once this many batches were acknowledged in all: mid-stream, with more in flight. */
const KILL_AFTER_BATCHES = 60;

interface Client {
  cookie: string;
  sessionId: string;
  acked: number[];
  sent: number[];
}

describe(`the server killed while events are posted (${base ? 'PostgreSQL' : 'PGlite'})`, () => {
  let dataDir = '';
  let scratch: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  let reopened: Database | undefined;

  afterAll(async () => {
    await server?.stop();
    await reopened?.close();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('has every acknowledged event in the database', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-kill-'));
    scratch = base ? await createScratchDatabase(base, 'kill') : undefined;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      SESSION_SECRET: 'kill-test-session-secret-0123456789abcdef',
      MEDIA_SIGNING_SECRET: 'kill-test-media-secret-0123456789abcdefgh',
      DEMO_MEDIA: 'false',
    };
    server = await startServerProcess(env);
    const { baseUrl } = server;

    const clients: Client[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const cookie = await signInThroughStandIn(baseUrl, { name: `Killed ${i}`, email: `killed-${i}@example.com` });
      const signed = await fetch(`${baseUrl}/api/v1/lessons/${LESSON}/signed-url`, { headers: { cookie } });
      expect(signed.status).toBe(200);
      const { sessionId } = (await signed.json()) as { sessionId: string };
      clients.push({ cookie, sessionId, acked: [], sent: [] });
    }

    let ackedBatches = 0;
    let killed = false;
    const post = async (client: Client, seq: number) => {
      const events = Array.from({ length: BATCH }, (_, i) => ({
        sessionId: client.sessionId,
        eventType: 'play',
        positionSec: seq * BATCH + i,
      }));
      client.sent.push(seq);
      try {
        const res = await fetch(`${baseUrl}/api/v1/lessons/${LESSON}/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, cookie: client.cookie },
          body: JSON.stringify(events),
        });
        if (res.status === 200 && ((await res.json()) as { accepted: number }).accepted === BATCH) {
          client.acked.push(seq);
          ackedBatches += 1;
        }
      } catch {
        // The server died with this batch in flight: not acknowledged, so the player keeps it.
      }
    };
    const stream = async (client: Client) => {
      for (let seq = 0; !killed; seq += 1) await post(client, seq);
    };
    const streaming = Promise.all(clients.map(stream));
    while (ackedBatches < KILL_AFTER_BATCHES) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await streaming;

    // Reopened as the next start would (apps/api/src/bootstrap.ts): open, then apply migrations.
    reopened = await openDatabase(base ? { url: scratch?.url } : { pgliteDir: path.join(dataDir, 'pglite') });
    await reopened.migrate();
    const result = await reopened.db.execute<{ session_id: string; position_sec: number }>(
      sql`select session_id, position_sec from video_events`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ session_id: string; position_sec: number }> }).rows ??
      (result as unknown as Array<{ session_id: string; position_sec: number }>);
    let acknowledged = 0;
    for (const client of clients) {
      const stored = new Set(rows.filter((r) => r.session_id === client.sessionId).map((r) => Number(r.position_sec)));
      const lost = client.acked.flatMap((seq) =>
        Array.from({ length: BATCH }, (_, i) => seq * BATCH + i).filter((p) => !stored.has(p)),
      );
      expect(lost, 'acknowledged events missing after the kill').toEqual([]);
      // A batch is all or nothing, also when it was in flight at the kill.
      const partial = client.sent.filter((seq) => {
        const present = Array.from({ length: BATCH }, (_, i) => stored.has(seq * BATCH + i)).filter(Boolean).length;
        return present !== 0 && present !== BATCH;
      });
      expect(partial, 'batches stored in part').toEqual([]);
      acknowledged += client.acked.length * BATCH;
    }
    expect(acknowledged).toBeGreaterThanOrEqual(KILL_AFTER_BATCHES * BATCH);
    process.stdout.write(
      `server killed (${base ? 'PostgreSQL' : 'PGlite'}): ${acknowledged} events acknowledged before SIGKILL, ` +
        `${rows.length} stored after reopening, 0 lost\n`,
    );
  }, 240_000);
});
