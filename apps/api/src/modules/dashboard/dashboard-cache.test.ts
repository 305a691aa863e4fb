import { dashboardSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { advance, asLearner, createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { formatLearningTime } from './learning-time.ts';
import { countQueries, recordProgress } from './test-support.ts';

const HOUR = 60 * 60 * 1000;

/** The dashboard is kept per learner at their version (decision 035): never a stale figure after a write. */
describe('GET /dashboard, cached per learner', () => {
  // The cache keeps an entry at most the catalogue cache's time (course edits), which tests turn off by default.
  const ctx = useTestApp({ env: { CATALOGUE_CACHE_SECONDS: '60' } });
  const dashboard = async (learner: Learner) => {
    const res = await asLearner(ctx, learner).get('/api/v1/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    return dashboardSchema.parse(res.json());
  };
  const course = async (learner: Learner, id: string) =>
    (await dashboard(learner)).enrollments.find((e) => e.id === id);

  it('answers a repeated read from the cache, with the session lookup as its only query', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'python-for-ai');
    const first = await dashboard(learner);
    let again: unknown;
    const queries = await countQueries(ctx.database.db, async () => {
      again = await dashboard(learner);
    });
    expect(again).toEqual(first);
    expect(queries).toBe(1);
  });

  it('shows a lesson watched at once: progress, time and next lesson move with the reports', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'python-for-ai');
    expect(await course(learner, 'python-for-ai')).toMatchObject({
      progress: 0,
      nextLesson: { id: 'python-for-ai-01' },
    });

    await asLearner(ctx, learner).get('/api/v1/lessons/python-for-ai-01/signed-url');
    for (let position = 10; position <= 100; position += 10) {
      advance(ctx, 10);
      const res = await asLearner(ctx, learner).put('/api/v1/lessons/python-for-ai-01/progress', {
        watchSeconds: position,
        completed: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      // Read between every report: each one's figure shows on the next read, none is served from before it.
      const { watchedSeconds } = res.json() as { watchedSeconds: number };
      expect(watchedSeconds).toBe(Math.min(position, 96));
      expect((await course(learner, 'python-for-ai'))?.timeSpent).toBe(formatLearningTime(watchedSeconds));
    }
    const after = await course(learner, 'python-for-ai');
    expect(after?.progress).toBeGreaterThan(0);
    expect(after?.nextLesson?.id).toBe('python-for-ai-02');
  });

  it('shows rows written by another process (straight to the database) at once', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'python-for-ai');
    expect((await course(learner, 'python-for-ai'))?.progress).toBe(0);
    await recordProgress(ctx.database.db, learner.id, [
      {
        lessonId: 'python-for-ai-01',
        courseId: 'python-for-ai',
        watchedSeconds: 96,
        completed: true,
        at: ctx.clock.now,
      },
    ]);
    expect((await course(learner, 'python-for-ai'))?.progress).toBeGreaterThan(0);
    // An enrollment too (any write to the dashboard's rows moves the learner's version).
    await enroll(ctx, learner, 'rag-from-scratch');
    expect(await course(learner, 'rag-from-scratch')).toBeDefined();
  });

  it('drops a course whose weekly access ended, though nothing was written', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'rag-from-scratch', {
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() + HOUR),
    });
    expect(await course(learner, 'rag-from-scratch')).toBeDefined();
    advance(ctx, 2 * 3600);
    expect(await course(learner, 'rag-from-scratch')).toBeUndefined();
  });
});
