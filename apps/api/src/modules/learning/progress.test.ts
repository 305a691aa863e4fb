import { courseDetailSchema, progressResponseSchema, signedVideoSchema } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { courses, enrollments, freeLessonCompletions, lessonProgress } from '../../db/schema.ts';
import { advance, asLearner, createLearner, enroll, type Learner } from './test-support.ts';

/** ai-agents-tool-use-01: free, 96 s, in a paid course whose later lessons are paid. */
const LESSON = 'ai-agents-tool-use-01';
const COURSE = 'ai-agents-tool-use';
const url = `/api/v1/lessons/${LESSON}/progress`;

describe('PUT /lessons/:id/progress', () => {
  const ctx = useTestApp();

  const open = async (learner: Learner, lesson = LESSON) =>
    signedVideoSchema.parse((await asLearner(ctx, learner).get(`/api/v1/lessons/${lesson}/signed-url`)).json());
  const report = async (learner: Learner, watchSeconds: number, completed = false, lesson = LESSON) => {
    const res = await asLearner(ctx, learner).put(`/api/v1/lessons/${lesson}/progress`, { watchSeconds, completed });
    expect(res.statusCode, res.body).toBe(200);
    return progressResponseSchema.parse(res.json());
  };
  const row = async (learner: Learner, lesson = LESSON) =>
    (
      await ctx.database.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, lesson)))
    )[0];
  /** Plays from `from` to `to` at `speed`, reporting at every multiple of 10 s as the player does. */
  const play = async (learner: Learner, from: number, to: number, speed = 1) => {
    let position = from;
    let last = null;
    while (position < to) {
      const next = Math.min(to, Math.floor(position / 10) * 10 + 10);
      advance(ctx, (next - position) / speed);
      position = next;
      last = await report(learner, position, position >= 96);
    }
    return last;
  };

  it('credits real playback and completes the lesson once at least 90% was watched', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    advance(ctx, 1);
    const partial = await play(learner, 0, 80);
    expect(partial).toMatchObject({ resumeSeconds: 80, watchedSeconds: 80, completed: false });
    const at90 = new Date(ctx.clock.now.getTime() + 10_000);
    const done = await play(learner, 80, 96);
    expect(done).toMatchObject({ lessonId: LESSON, resumeSeconds: 96, watchedSeconds: 96, completed: true });
    const stored = await row(learner);
    expect(stored).toMatchObject({ watchedRanges: [[0, 96]], completed: true });
    // 90 of 96 seconds is past 90%: completed at the report of second 90.
    expect(stored?.completedAt).toEqual(at90);
  });

  it('credits playback at 2x speed but not faster', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    expect(await play(learner, 0, 40, 2)).toMatchObject({ watchedSeconds: 40 });
    expect(await play(learner, 40, 90, 4)).toMatchObject({ watchedSeconds: 40, completed: false });
  });

  it('credits the report after a late one at 2x, so a slow phone or network costs no watched seconds', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    // 2x: a report due every 5 s. The one of second 20 arrives 2.5 s late, the one of second 30 on time after it.
    for (const [position, wait] of [
      [10, 5],
      [20, 7.5],
      [30, 2.5],
      [40, 5],
    ] as const) {
      advance(ctx, wait);
      await report(learner, position);
    }
    expect(await row(learner)).toMatchObject({ watchedSeconds: 40, watchedRanges: [[0, 40]] });

    // The carried pace is one save interval at most: after a long pause, quick reports are credited once more, not on.
    advance(ctx, 600);
    await report(learner, 50);
    for (const position of [60, 70, 80, 90]) {
      advance(ctx, 0.5);
      await report(learner, position);
    }
    expect(await row(learner)).toMatchObject({ watchedSeconds: 60, watchedRanges: [[0, 60]] });

    // A new playback carries nothing from the last one.
    await open(learner);
    advance(ctx, 1);
    expect((await row(learner))?.paceSlackSeconds).toBe(0);
  });

  it('does not complete a lesson when the learner seeks straight to the end and reports completed', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    advance(ctx, 5);
    const res = await report(learner, 96, true);
    expect(res).toMatchObject({ resumeSeconds: 96, watchedSeconds: 0, completed: false });

    // Waiting first does not help: time passed, but the seconds in between were skipped, not played.
    await open(learner);
    advance(ctx, 600);
    expect(await report(learner, 96, true)).toMatchObject({ watchedSeconds: 0, completed: false });

    // Nor does scrubbing through in big jumps: only the last six seconds, which were played, count.
    await open(learner);
    for (const position of [30, 60, 90, 96]) {
      advance(ctx, 30);
      await report(learner, position, position === 96);
    }
    expect(await row(learner)).toMatchObject({ watchedSeconds: 6, completed: false, watchedRanges: [[90, 96]] });
  });

  it('never moves watched time or completion backwards, while the resume position follows the learner', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    await play(learner, 0, 50);
    const rewound = await report(learner, 20);
    expect(rewound).toMatchObject({ resumeSeconds: 20, watchedSeconds: 50, completed: false });
    await play(learner, 20, 96);
    expect(await row(learner)).toMatchObject({ watchedSeconds: 96, completed: true });
    advance(ctx, 3);
    expect(await report(learner, 0)).toMatchObject({ resumeSeconds: 0, watchedSeconds: 96, completed: true });
    const detail = await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}`);
    expect(detail.json()).toMatchObject({ completed: true, resumeSeconds: 0 });
  });

  it('resumes where the learner left off, on a later visit', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    await play(learner, 0, 40);
    expect((await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}`)).json()).toMatchObject({
      resumeSeconds: 40,
      completed: false,
    });
    advance(ctx, 24 * 3600);
    await open(learner);
    // Playback continues from 40 a day later: credited from the new visit's start.
    expect(await play(learner, 40, 60)).toMatchObject({ watchedSeconds: 60 });
  });

  it('counts seconds watched in two tabs at once only once', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    await open(learner);
    // Both tabs play the same stretch; their reports interleave.
    for (const position of [10, 20, 30, 40]) {
      advance(ctx, 5);
      await report(learner, position);
      advance(ctx, 5);
      await report(learner, position);
    }
    expect(await row(learner)).toMatchObject({ watchedSeconds: 40, watchedRanges: [[0, 40]] });
  });

  it('applies concurrent reports one after the other', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    advance(ctx, 10);
    const results = await Promise.all(
      [10, 10, 10].map((s) => asLearner(ctx, learner).put(url, { watchSeconds: s, completed: false })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await row(learner)).toMatchObject({ watchedSeconds: 10, resumeSeconds: 10 });
  });

  it('turns on hasCompletedFreeLesson when a free lesson of a course the learner is not enrolled in ends', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    advance(ctx, 3);
    const res = await report(learner, 96, true);
    // The free-lesson flow follows the video's end; honest completion still says not completed.
    expect(res).toMatchObject({ completed: false, hasCompletedFreeLesson: true });
    const rows = await ctx.database.db
      .select()
      .from(freeLessonCompletions)
      .where(eq(freeLessonCompletions.userId, learner.id));
    expect(rows).toMatchObject([{ courseId: COURSE }]);
    const course = courseDetailSchema.parse((await asLearner(ctx, learner).get(`/api/v1/courses/${COURSE}`)).json());
    expect(course.hasCompletedFreeLesson).toBe(true);
    // A repeat changes nothing.
    expect(await report(learner, 96, true)).toMatchObject({ hasCompletedFreeLesson: true });
  });

  it('does not record a free-lesson completion for an enrolled learner, nor before the end', async () => {
    const enrolled = await createLearner(ctx);
    await enroll(ctx, enrolled, COURSE);
    await open(enrolled);
    expect(await report(enrolled, 96, true)).toMatchObject({ hasCompletedFreeLesson: false });
    const other = await createLearner(ctx);
    await open(other);
    expect(await report(other, 10, false)).toMatchObject({ hasCompletedFreeLesson: false });
    expect(await ctx.database.db.select().from(freeLessonCompletions)).toHaveLength(0);
  });

  it.each([
    [{ watchSeconds: 102, completed: false }, 'watchSeconds must be at most 101'],
    [{ watchSeconds: -1, completed: false }, 'watchSeconds'],
    [{ watchSeconds: 1.5, completed: false }, 'watchSeconds'],
    [{ watchSeconds: '10', completed: false }, 'watchSeconds'],
    [{ watchSeconds: 10 }, 'completed'],
    [{ watchSeconds: 10, completed: 'yes' }, 'completed'],
  ])('answers 400 with a readable detail for %j', async (body, field) => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).put(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
    expect(res.json().detail).toContain(field);
    expect(await row(learner)).toBeUndefined();
  });

  it('answers 401 signed out and 403 for a paid lesson without enrollment', async () => {
    expect((await asLearner(ctx, null).put(url, { watchSeconds: 10, completed: false })).statusCode).toBe(401);
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).put('/api/v1/lessons/ai-agents-tool-use-03/progress', {
      watchSeconds: 10,
      completed: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Please enroll in the course to access this lesson.');
  });

  it('refuses the next report at once when the enrollment is revoked or the course unpublished', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const paid = 'ai-agents-tool-use-03';
    const put = () =>
      asLearner(ctx, learner).put(`/api/v1/lessons/${paid}/progress`, { watchSeconds: 10, completed: false });
    expect((await put()).statusCode).toBe(200);
    await ctx.database.db.delete(enrollments).where(eq(enrollments.userId, learner.id));
    expect((await put()).statusCode).toBe(403);
    await enroll(ctx, learner, COURSE);
    expect((await put()).statusCode).toBe(200);
    await ctx.database.db.update(courses).set({ published: false }).where(eq(courses.id, COURSE));
    expect((await put()).statusCode).toBe(404);
    expect((await row(learner, paid))?.resumeSeconds).toBe(10);
  });
});
