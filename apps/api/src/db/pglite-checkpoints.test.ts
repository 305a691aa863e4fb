import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import { openPglite } from './pglite.ts';
import { keepWalBounded, walSinceCheckpoint } from './pglite-checkpoints.ts';

const MB = 1024 * 1024;

describe('checkpoints of the embedded database', () => {
  const client = openPglite();
  beforeAll(() => client.exec('create table churn (id int primary key, pad text)'));
  afterAll(() => client.close());

  /** About `mb` MB of WAL: rows written and emptied again, as the tests and a busy server do. */
  async function churn(mb: number) {
    for (let i = 0; i < mb / 4; i++) {
      await client.exec("insert into churn select g, repeat('x', 200) from generate_series(1, 10000) g");
      await client.exec('truncate churn');
    }
  }
  const walSegments = async () =>
    (await client.query<{ n: number }>('select count(*)::int as n from pg_ls_waldir()')).rows[0]?.n ?? 0;

  it('keeps at most 64 MB of WAL segments after a checkpoint (PostgreSQL keeps up to 1 GB)', async () => {
    await churn(160);
    // Nothing has checkpointed on its own: single-user PostgreSQL never does.
    expect(await walSinceCheckpoint(client)).toBeGreaterThan(100 * MB);
    expect(await walSegments()).toBeGreaterThan(6);
    await client.exec('CHECKPOINT');
    // 16 MB segments: the one in use and at most four kept for reuse (PostgreSQL's defaults kept all nine here).
    expect(await walSegments()).toBeLessThanOrEqual(5);
  }, 60_000);

  it('checkpoints once the WAL written since the last checkpoint passes the threshold, and not after it is stopped', async () => {
    await client.exec('CHECKPOINT');
    const stop = keepWalBounded(client, { everyMs: 20, walBytes: 2 * MB });
    try {
      // Below the threshold: no checkpoint, whatever the ticks.
      await client.exec("insert into churn select g, 'y' from generate_series(1, 100) g; delete from churn");
      const small = await walSinceCheckpoint(client);
      expect(small).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await walSinceCheckpoint(client)).toBeGreaterThanOrEqual(small);

      await churn(8);
      await expect.poll(() => walSinceCheckpoint(client), { timeout: 10_000, interval: 25 }).toBeLessThan(2 * MB);
    } finally {
      stop();
    }
    await churn(8);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await walSinceCheckpoint(client)).toBeGreaterThan(4 * MB);
  }, 60_000);
});

describe('the server and the checkpoints', () => {
  it('runs them while it is open, reports a failed one, and stops them when it closes', async () => {
    const database = await testDatabase();
    const started: Array<{ stopped: boolean; report: (error: unknown) => void }> = [];
    const config = testConfig({ LOG_LEVEL: 'warn' });
    const warnings: string[] = [];
    const app = await buildApp({
      config,
      database: {
        ...database,
        keepWalBounded: (options) => {
          const run = { stopped: false, report: options?.onError ?? (() => {}) };
          started.push(run);
          return () => {
            run.stopped = true;
          };
        },
      },
      site: await loadSiteConfig(config.contentDir),
      logStream: { write: (line: string) => warnings.push(line) },
    });
    await app.ready();
    expect(started).toHaveLength(1);
    started[0]?.report(new Error('disk full'));
    expect(warnings.join('')).toContain('embedded database: checkpoint failed');
    expect(started[0]?.stopped).toBe(false);
    await app.close();
    expect(started[0]?.stopped).toBe(true);
  }, 60_000);
});
