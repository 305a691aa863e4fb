import { courseDetailSchema, signedVideoSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { countQueries, recordProgress } from '../dashboard/test-support.ts';
import { advance, asLearner, createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { watchedPercent } from './queries.ts';

/** python-for-ai: a free course of 6 lessons; 01 is 96 s, 02 is 64 s. */
const COURSE = 'python-for-ai';
const url = `/api/v1/courses/${COURSE}`;

describe("GET /courses/:id: the caller's per-lesson progress", () => {
  const ctx = useTestApp({ env: { CATALOGUE_CACHE_SECONDS: '60' } });

  const coursePage = async (learner: Learner | null) => {
    const res = await asLearner(ctx, learner).get(url);
    expect(res.statusCode, res.body).toBe(200);
    return courseDetailSchema.parse(res.json());
  };

  /** Opens a lesson in the player and plays it from 0 to `to` s at 1x, reporting at every multiple of 10 s. */
  const watch = async (learner: Learner, lessonId: string, to: number, lessonSeconds: number) => {
    const as = asLearner(ctx, learner);
    signedVideoSchema.parse((await as.get(`/api/v1/lessons/${lessonId}/signed-url`)).json());
    for (let position = 10; position <= to; position += 10) {
      advance(ctx, 10);
      const res = await as.put(`/api/v1/lessons/${lessonId}/progress`, { watchSeconds: position, completed: false });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (to >= lessonSeconds) {
      advance(ctx, lessonSeconds % 10 || 10);
      await as.put(`/api/v1/lessons/${lessonId}/progress`, { watchSeconds: lessonSeconds, completed: true });
    }
  };

  it('lists the lessons the learner has opened, in lesson order, with completion and the percent watched', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    expect((await coursePage(learner)).lessonProgress).toEqual([]);

    await watch(learner, `${COURSE}-02`, 64, 64);
    await watch(learner, `${COURSE}-01`, 30, 96);
    // Opened but nothing played yet: listed, at 0%.
    signedVideoSchema.parse((await asLearner(ctx, learner).get(`/api/v1/lessons/${COURSE}-03/signed-url`)).json());

    const course = await coursePage(learner);
    expect(course.lessonProgress).toEqual([
      { lessonId: `${COURSE}-01`, completed: false, watchedPercent: 31 },
      { lessonId: `${COURSE}-02`, completed: true, watchedPercent: 100 },
      { lessonId: `${COURSE}-03`, completed: false, watchedPercent: 0 },
    ]);
    expect(course.isEnrolled).toBe(true);
  });

  it("never shows a learner's progress to a visitor or to another learner, though visitors get the cached page", async () => {
    const owner = await createLearner(ctx);
    const other = await createLearner(ctx);
    await enroll(ctx, owner, COURSE);
    await enroll(ctx, other, COURSE);
    expect((await coursePage(null)).lessonProgress).toEqual([]);
    await recordProgress(ctx.database.db, owner.id, [
      { lessonId: `${COURSE}-01`, courseId: COURSE, watchedSeconds: 96, completed: true, at: ctx.clock.now },
    ]);

    expect((await coursePage(owner)).lessonProgress).toEqual([
      { lessonId: `${COURSE}-01`, completed: true, watchedPercent: 100 },
    ]);
    expect((await coursePage(other)).lessonProgress).toEqual([]);
    const visitor = await asLearner(ctx, null).get(url);
    expect(visitor.json().lessonProgress).toEqual([]);
    // Still the public answer, from the cache, revalidated by its ETag.
    const etag = String(visitor.headers.etag);
    expect(etag).toBeTruthy();
    expect((await asLearner(ctx, null).get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('lists only lessons of this course, even when the learner has progress in others', async () => {
    const learner = await createLearner(ctx);
    await recordProgress(ctx.database.db, learner.id, [
      {
        lessonId: 'rag-from-scratch-01',
        courseId: 'rag-from-scratch',
        watchedSeconds: 50,
        completed: false,
        at: ctx.clock.now,
      },
      { lessonId: `${COURSE}-02`, courseId: COURSE, watchedSeconds: 32, completed: false, at: ctx.clock.now },
    ]);
    // A learner not enrolled still sees the progress of the free lessons they watched.
    expect((await coursePage(learner)).lessonProgress).toEqual([
      { lessonId: `${COURSE}-02`, completed: false, watchedPercent: 50 },
    ]);
  });

  it('costs a visitor no statement once cached, and a learner one more statement than their access', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    await recordProgress(
      ctx.database.db,
      learner.id,
      [1, 2, 3, 4, 5, 6].map((n) => ({
        lessonId: `${COURSE}-0${n}`,
        courseId: COURSE,
        watchedSeconds: 30,
        completed: false,
        at: ctx.clock.now,
      })),
    );
    await coursePage(null);
    expect(await countQueries(ctx.database.db, () => coursePage(null))).toBe(0);
    // The session, the enrollment, the free-lesson completion and the progress rows.
    expect(await countQueries(ctx.database.db, () => coursePage(learner))).toBe(4);
  });
});

describe('watchedPercent', () => {
  it.each([
    [0, 96, false, 0],
    [30, 96, false, 31],
    [86, 96, false, 89],
    [87, 96, false, 89],
    [87, 96, true, 90],
    [96, 96, true, 100],
    [200, 96, true, 100],
    [10, 0, false, 0],
    [-3, 96, false, 0],
  ])('%s s of %s s, completed %s → %s%%', (watched, duration, completed, percent) => {
    expect(watchedPercent(watched, duration, completed)).toBe(percent);
  });
});
