import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/db.ts';
import { JobQueue } from './job-queue.ts';

/** The queue's worker, on the test database (PGlite, or PostgreSQL in the PostgreSQL pass). */
describe('the job queue worker', () => {
  const errors: unknown[] = [];
  let queue: JobQueue | undefined;
  afterAll(async () => {
    await queue?.stop();
  });

  it('takes the next job as soon as one is done, not one job per polling interval', async () => {
    queue = new JobQueue(await testDatabase(), {
      runWorkers: true,
      pollingSeconds: 1,
      maintenanceSeconds: 60,
      onError: (error) => errors.push(error),
    });
    queue.define([{ name: 'burst-test', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 }]);
    await queue.start();
    for (let i = 0; i < 20; i++) await queue.enqueue('burst-test', { i });
    const done: number[] = [];
    const started = Date.now();
    await queue.work<{ i: number }>('burst-test', async (job) => {
      done.push(job.data.i);
    });
    while (done.length < 20 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 20));
    // pg-boss alone waits the polling interval (1 s) after every job: 20 jobs would take 20 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(errors).toEqual([]);
  });
});
