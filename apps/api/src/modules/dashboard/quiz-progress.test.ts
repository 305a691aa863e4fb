import { dashboardSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { lessons, quizzes } from '../../db/schema.ts';
import { asLearner, createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { ALL_RIGHT, insertQuiz } from '../quizzes/test-support.ts';
import { recordProgress } from './test-support.ts';

/** python-for-ai: 6 lessons in one section; the test gives it one quiz, so 7 things to complete. */
const COURSE = 'python-for-ai';
const QUIZ = `${COURSE}-quiz-progress`;

describe('dashboard progress counts section quizzes', () => {
  const ctx = useTestApp();
  const dashboard = async (learner: Learner) => {
    const res = await asLearner(ctx, learner).get('/api/v1/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    return dashboardSchema.parse(res.json());
  };
  const halfway = (body: { achievements: Array<{ title: string; earned: boolean }> }) =>
    body.achievements.find((a) => a.title === 'Halfway There')?.earned;

  it('a course is complete only with its quiz passed; failed attempts count for nothing', async () => {
    const db = ctx.database.db;
    await db.delete(quizzes).where(eq(quizzes.courseId, COURSE));
    await insertQuiz(ctx, { id: QUIZ, courseId: COURSE, sectionId: `${COURSE}-s1` });
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const all = await db.select().from(lessons).where(eq(lessons.courseId, COURSE));
    const complete = (ids: string[]) =>
      recordProgress(
        db,
        learner.id,
        all
          .filter((lesson) => ids.includes(lesson.id))
          .map((lesson) => ({
            lessonId: lesson.id,
            courseId: COURSE,
            watchedSeconds: lesson.durationSeconds,
            completed: true,
            at: ctx.clock.now,
          })),
      );
    const attempt = (answers: unknown) => asLearner(ctx, learner).post(`/api/v1/quizzes/${QUIZ}/attempts`, { answers });

    // 3 of 7: 43%, not yet halfway.
    await complete(all.slice(0, 3).map((lesson) => lesson.id));
    let body = await dashboard(learner);
    expect(body.enrollments[0]?.progress).toBe(43);
    expect(halfway(body)).toBe(false);

    expect((await attempt({ q1: ['a'], q2: ['a'], q3: 9 })).json().passed).toBe(false);
    expect((await dashboard(learner)).enrollments[0]?.progress).toBe(43);

    // A passed quiz is one more thing done: 4 of 7 = 57%, which is halfway.
    expect((await attempt(ALL_RIGHT)).json().passed).toBe(true);
    expect((await attempt(ALL_RIGHT)).json().passed).toBe(true);
    body = await dashboard(learner);
    expect(body.enrollments[0]?.progress).toBe(57);
    expect(body.metrics.averageProgress).toBe(57);
    expect(halfway(body)).toBe(true);

    // Every lesson and the quiz: 100%.
    await complete(all.slice(3).map((lesson) => lesson.id));
    body = await dashboard(learner);
    expect(body.enrollments[0]?.progress).toBe(100);
  });

  it('every lesson complete without the quiz passed is not 100%', async () => {
    const db = ctx.database.db;
    await db.delete(quizzes).where(eq(quizzes.courseId, COURSE));
    await insertQuiz(ctx, { id: QUIZ, courseId: COURSE, sectionId: `${COURSE}-s1` });
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const all = await db.select().from(lessons).where(eq(lessons.courseId, COURSE));
    await recordProgress(
      db,
      learner.id,
      all.map((lesson) => ({
        lessonId: lesson.id,
        courseId: COURSE,
        watchedSeconds: lesson.durationSeconds,
        completed: true,
        at: ctx.clock.now,
      })),
    );
    // 6 of 7.
    expect((await dashboard(learner)).enrollments[0]?.progress).toBe(86);
  });
});
