import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createStaff } from '../../../test/support/staff.ts';
import { analyticsState, videoEvents } from '../../db/schema.ts';
import { ANALYTICS_QUEUE } from './routes.ts';
import { watch } from './test-support.ts';

/** The analytics job as the server runs it: its queue's worker rolls up, then prunes past the retention setting. */
describe('the analytics job', () => {
  const ctx = useTestApp({ env: { JOBS_WORKER: 'true', ANALYTICS_RAW_EVENT_RETENTION_DAYS: '30' } });

  it('rolls up the events stored, then deletes those rolled up and older than ANALYTICS_RAW_EVENT_RETENTION_DAYS', async () => {
    const viewer = await createStaff(ctx, 'Old Viewer');
    await watch(ctx, viewer, 'rag-from-scratch-01', [
      ['play', 0],
      ['pause', 48],
    ]);
    await ctx.database.db.execute(sql`update video_events set created_at = created_at - interval '31 days'`);
    await watch(ctx, viewer, 'rag-from-scratch-01', [['play', 0]]);

    await ctx.app.deps.jobs.enqueue(ANALYTICS_QUEUE, {});
    await expect
      .poll(async () => (await ctx.database.db.select().from(analyticsState))[0]?.value, { timeout: 15_000 })
      .toBe(3);
    // The two old events went once rolled up; the new one stays.
    await expect
      .poll(async () => (await ctx.database.db.select().from(videoEvents)).map((e) => e.positionSec), {
        timeout: 15_000,
      })
      .toEqual([0]);
  });
});
