import { quizResultSchema, quizSchema, quizSummarySchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { certificates, lessons, quizAttempts, quizzes } from '../../db/schema.ts';
import { recordProgress } from '../dashboard/test-support.ts';
import { asLearner, createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { quizStandings } from './standings.ts';
import { ALL_RIGHT, FIXTURE_QUESTIONS, insertQuiz } from './test-support.ts';

const COURSE = 'transformers-explained';
const QUIZ = 'transformers-explained-quiz-test';
const OTHER_QUIZ = 'transformers-explained-quiz-other';
const quizUrl = `/api/v1/quizzes/${QUIZ}`;
const attemptUrl = `${quizUrl}/attempts`;

describe('quizzes: taking a quiz, graded on the server', () => {
  const ctx = useTestApp();

  const setUp = async () => {
    await ctx.database.db.delete(quizzes).where(eq(quizzes.courseId, COURSE));
    await insertQuiz(ctx, { id: QUIZ, courseId: COURSE, sectionId: `${COURSE}-s1` });
    await insertQuiz(ctx, {
      id: OTHER_QUIZ,
      courseId: COURSE,
      sectionId: `${COURSE}-s2`,
      questions: [
        { id: 'other-1', kind: 'numeric', prompt: 'Two plus two?', answer: 4, tolerance: 0, explanation: 'x' },
      ],
    });
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    return learner;
  };
  const attempt = (learner: Learner | null, answers: unknown, url = attemptUrl) =>
    asLearner(ctx, learner).post(url, { answers });
  const storedAttempts = () => ctx.database.db.select().from(quizAttempts);

  it('never sends the right answers or explanations before an attempt (raw JSON)', async () => {
    const learner = await setUp();
    const one = await asLearner(ctx, learner).get(quizUrl);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    const list = await asLearner(ctx, learner).get(`/api/v1/courses/${COURSE}/quizzes`);
    const visitorList = await asLearner(ctx, null).get(`/api/v1/courses/${COURSE}/quizzes`);
    for (const res of [one, list, visitorList]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/correctOptionIds|"answer"|tolerance|explanation|SECRET-EXPLANATION|0\.5/);
    }
    const quiz = quizSchema.parse(one.json());
    expect(quiz.questions).toEqual([
      {
        id: 'q1',
        kind: 'single',
        prompt: 'Which layer mixes information between tokens?',
        options: [
          { id: 'a', text: 'The feed-forward layer' },
          { id: 'b', text: 'The attention layer' },
          { id: 'c', text: 'The embedding layer' },
        ],
      },
      expect.objectContaining({ id: 'q2', kind: 'multiple' }),
      { id: 'q3', kind: 'numeric', prompt: 'What is 1 / sqrt(4)?' },
    ]);
    expect(quiz.standing).toEqual({ bestPercent: null, passed: false, attempts: 0 });
    const summaries = visitorList.json().map((row: unknown) => quizSummarySchema.parse(row));
    expect(
      summaries.map((s: { id: string; questionCount: number; standing: unknown }) => [
        s.id,
        s.questionCount,
        s.standing,
      ]),
    ).toEqual([
      [QUIZ, 3, null],
      [OTHER_QUIZ, 1, null],
    ]);
  });

  it('grades every kind: exactly the right option, exactly the right set, a number within the tolerance', async () => {
    const learner = await setUp();
    const all = quizResultSchema.parse((await attempt(learner, ALL_RIGHT)).json());
    expect(all).toMatchObject({ scorePercent: 100, correctCount: 3, questionCount: 3, passed: true, passPercent: 70 });
    expect(all.questions).toEqual([
      {
        id: 'q1',
        kind: 'single',
        correct: true,
        given: ['b'],
        correctOptionIds: ['b'],
        explanation: FIXTURE_QUESTIONS[0]?.explanation,
      },
      expect.objectContaining({ id: 'q2', correct: true, correctOptionIds: ['a', 'b', 'd'] }),
      expect.objectContaining({ id: 'q3', correct: true, given: 0.5, answer: 0.5, tolerance: 0.01 }),
    ]);

    const cases: Array<[unknown, boolean[]]> = [
      // A subset or a superset of the right options is wrong; so is the wrong single option.
      [{ q1: ['a'], q2: ['a', 'b'], q3: 0.51 }, [false, false, true]],
      [{ q1: ['b'], q2: ['a', 'b', 'c', 'd'], q3: 0.49 }, [true, false, true]],
      [{ q1: ['c'], q2: ['b', 'd', 'a'], q3: 0.511 }, [false, true, false]],
      [{ q1: ['b'], q2: ['a', 'b', 'd'], q3: 0.4899 }, [true, true, false]],
    ];
    for (const [answers, expected] of cases) {
      const result = quizResultSchema.parse((await attempt(learner, answers)).json());
      expect(result.questions.map((q) => q.correct)).toEqual(expected);
    }
  });

  it('keeps the best score across unlimited attempts, and stores each one', async () => {
    const learner = await setUp();
    const first = quizResultSchema.parse((await attempt(learner, { q1: ['a'], q2: ['a'], q3: 1 })).json());
    expect(first).toMatchObject({
      scorePercent: 0,
      passed: false,
      standing: { bestPercent: 0, passed: false, attempts: 1 },
    });
    const second = quizResultSchema.parse((await attempt(learner, { q1: ['b'], q2: ['a'], q3: 0.5 })).json());
    // 2 of 3 is 66%, rounded down: below the 70% mark.
    expect(second).toMatchObject({ scorePercent: 66, passed: false, standing: { bestPercent: 66, attempts: 2 } });
    const third = quizResultSchema.parse((await attempt(learner, ALL_RIGHT)).json());
    expect(third).toMatchObject({
      scorePercent: 100,
      passed: true,
      standing: { bestPercent: 100, passed: true, attempts: 3 },
    });
    for (let i = 0; i < 5; i++) {
      const res = await attempt(learner, { q1: ['a'], q2: ['a'], q3: 2 });
      expect(res.statusCode).toBe(200);
    }
    const after = quizSchema.parse((await asLearner(ctx, learner).get(quizUrl)).json());
    expect(after.standing).toEqual({ bestPercent: 100, passed: true, attempts: 8 });
    expect(await storedAttempts()).toHaveLength(8);
    const standings = await quizStandings(ctx.database.db, learner.id, COURSE);
    expect(standings.map((s) => [s.quizId, s.bestPercent, s.passed])).toEqual([
      [QUIZ, 100, true],
      [OTHER_QUIZ, null, false],
    ]);
    const list = (await asLearner(ctx, learner).get(`/api/v1/courses/${COURSE}/quizzes`)).json();
    expect(list[0].standing).toEqual({ bestPercent: 100, passed: true, attempts: 8 });
  });

  it('refuses answers of the wrong shape with 400 and stores nothing', async () => {
    const learner = await setUp();
    const bad: unknown[] = [
      undefined,
      {},
      { q1: ['b'], q2: ['a', 'b', 'd'] },
      { ...ALL_RIGHT, q4: 1 },
      { ...ALL_RIGHT, q1: 'b' },
      { ...ALL_RIGHT, q1: 1 },
      { ...ALL_RIGHT, q3: ['a'] },
      { ...ALL_RIGHT, q3: '0.5' },
      { ...ALL_RIGHT, q1: ['z'] },
      { ...ALL_RIGHT, q1: ['a', 'b'] },
      { ...ALL_RIGHT, q1: [] },
      { ...ALL_RIGHT, q2: ['a', 'a', 'b', 'd'] },
      { ...ALL_RIGHT, q3: null },
      [0.5],
      'q1',
      { ...ALL_RIGHT, 'q1 or 1=1': ['b'] },
    ];
    for (const answers of bad) {
      const res = await attempt(learner, answers);
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const extraKey = await asLearner(ctx, learner).post(attemptUrl, { answers: ALL_RIGHT, score: 100 });
    expect(extraKey.statusCode).toBe(400);
    expect(await storedAttempts()).toHaveLength(0);
  });

  it("refuses another quiz's question ids with 400", async () => {
    const learner = await setUp();
    const res = await attempt(learner, { 'other-1': 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unknown_question');
    const swapped = await attempt(learner, ALL_RIGHT, `/api/v1/quizzes/${OTHER_QUIZ}/attempts`);
    expect(swapped.statusCode).toBe(400);
    expect(await storedAttempts()).toHaveLength(0);
  });

  it('refuses after weekly access expired (403), without enrollment (403), signed out (401); 404 for no quiz', async () => {
    await setUp();
    const expired = await createLearner(ctx);
    await enroll(ctx, expired, COURSE, { accessType: 'weekly', expiresAt: new Date(ctx.clock.now.getTime() - 1000) });
    for (const res of [await asLearner(ctx, expired).get(quizUrl), await attempt(expired, ALL_RIGHT)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('access_expired');
      expect(res.json().detail).toMatch(/Your weekly access expired on .*Renew to keep learning\./);
    }
    const stranger = await createLearner(ctx);
    const refused = await attempt(stranger, ALL_RIGHT);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Please enroll in the course to take its quizzes.',
      code: 'enrollment_required',
    });
    expect((await attempt(null, ALL_RIGHT)).statusCode).toBe(401);
    expect((await asLearner(ctx, null).get(quizUrl)).statusCode).toBe(401);
    expect((await attempt(stranger, ALL_RIGHT, '/api/v1/quizzes/no-such-quiz/attempts')).statusCode).toBe(404);
    expect((await asLearner(ctx, null).get('/api/v1/courses/no-such-course/quizzes')).statusCode).toBe(404);
    expect(await storedAttempts()).toHaveLength(0);
  });

  it('lets any signed-in learner take the quiz of a course whose lessons are all free', async () => {
    await insertQuiz(ctx, { id: 'python-for-ai-quiz-test', courseId: 'python-for-ai', sectionId: 'python-for-ai-s1' });
    const learner = await createLearner(ctx);
    const res = await attempt(learner, ALL_RIGHT, '/api/v1/quizzes/python-for-ai-quiz-test/attempts');
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedAttempts()).toHaveLength(1);
  });

  it('awards the certificate when the passed quiz was the last thing left, and not before', async () => {
    const course = 'python-for-ai';
    const db = ctx.database.db;
    await db.delete(quizzes).where(eq(quizzes.courseId, course));
    await insertQuiz(ctx, { id: 'python-for-ai-quiz-test', courseId: course, sectionId: 'python-for-ai-s1' });
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, course);
    const url = '/api/v1/quizzes/python-for-ai-quiz-test/attempts';
    // Passed before the lessons are complete: no certificate yet.
    expect((await attempt(learner, ALL_RIGHT, url)).statusCode).toBe(200);
    expect(await db.select().from(certificates)).toHaveLength(0);
    const courseLessons = await db.select().from(lessons).where(eq(lessons.courseId, course));
    await recordProgress(
      db,
      learner.id,
      courseLessons.map((lesson) => ({
        lessonId: lesson.id,
        courseId: course,
        watchedSeconds: lesson.durationSeconds,
        completed: true,
        at: ctx.clock.now,
      })),
    );
    // A failed attempt awards nothing; the next pass does.
    expect((await attempt(learner, { q1: ['a'], q2: ['a'], q3: 9 }, url)).json().passed).toBe(false);
    expect(await db.select().from(certificates)).toHaveLength(0);
    expect((await attempt(learner, ALL_RIGHT, url)).json().passed).toBe(true);
    expect(
      await db.select({ userId: certificates.userId, courseId: certificates.courseId }).from(certificates),
    ).toEqual([{ userId: learner.id, courseId: course }]);
  });
});
