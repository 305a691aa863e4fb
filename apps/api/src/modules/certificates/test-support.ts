import { progressResponseSchema } from '@kaushal/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import { courses, lessons, pricingTiers, quizAttempts, quizzes, sections } from '../../db/schema.ts';
import { advance, asLearner, type Learner } from '../learning/test-support.ts';
import { ALL_RIGHT, FIXTURE_QUESTIONS } from '../quizzes/test-support.ts';

/** Test-only: a small paid course of two 20-second lessons, one quiz per section, and honest playback of it. */
export const COURSE = 'certified-course';
export const COURSE_TITLE = 'Certified Course: Embeddings';
export const TIER = 'certified-course-lifetime';
export const LESSONS = ['certified-course-01', 'certified-course-02'] as const;
export const QUIZZES = ['certified-course-quiz-1', 'certified-course-quiz-2'] as const;
const LESSON_SECONDS = 20;

export async function createCourse(ctx: TestContext, options: { quizzes?: boolean } = {}) {
  const { db } = ctx.database;
  await db.insert(courses).values({
    id: COURSE,
    title: COURSE_TITLE,
    difficulty: 'Beginner',
    pricePaise: 99_900,
    published: true,
  });
  await db.insert(pricingTiers).values({
    id: TIER,
    courseId: COURSE,
    title: 'Lifetime access',
    accessType: 'permanent',
    pricePaise: 99_900,
    originalPricePaise: 99_900,
    position: 1,
  });
  await db.insert(sections).values([
    { id: `${COURSE}-s1`, courseId: COURSE, position: 1, title: 'Basics' },
    { id: `${COURSE}-s2`, courseId: COURSE, position: 2, title: 'Practice' },
  ]);
  await db.insert(lessons).values(
    LESSONS.map((id, i) => ({
      id,
      courseId: COURSE,
      sectionId: `${COURSE}-s${i + 1}`,
      position: i + 1,
      title: `Lesson ${i + 1}`,
      isFree: i === 0,
      durationSeconds: LESSON_SECONDS,
      videoType: 'youtube' as const,
      videoRef: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    })),
  );
  if (options.quizzes !== false) {
    await db.insert(quizzes).values(
      QUIZZES.map((id, i) => ({
        id,
        courseId: COURSE,
        sectionId: `${COURSE}-s${i + 1}`,
        title: `Quiz ${i + 1}`,
        passPercent: 70,
        questions: FIXTURE_QUESTIONS,
      })),
    );
  }
}

/** Every answer right, and one of three right (33%, under the pass mark of 70%). */
export const RIGHT_ANSWERS = ALL_RIGHT;
export const WRONG_ANSWERS = { q1: ['b'], q2: ['c'], q3: 7 };

/** Submits an attempt through the API, as the quiz page does; the server grades it (and may issue the certificate). */
export async function submitQuiz(ctx: TestContext, learner: Learner, quizId: string, answers: object) {
  const res = await asLearner(ctx, learner).post(`/api/v1/quizzes/${quizId}/attempts`, { answers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { passed: boolean; scorePercent: number };
}

/** Records a graded attempt directly, as the quizzes module does after grading. */
export async function attemptQuiz(ctx: TestContext, learner: Learner, quizId: string, scorePercent: number) {
  await ctx.database.db.insert(quizAttempts).values({
    userId: learner.id,
    quizId,
    courseId: COURSE,
    answers: {},
    correctCount: Math.round(scorePercent / 10),
    questionCount: 10,
    scorePercent,
    passed: scorePercent >= 70,
  });
}

async function report(ctx: TestContext, learner: Learner, lessonId: string, watchSeconds: number, completed = false) {
  const res = await asLearner(ctx, learner).put(`/api/v1/lessons/${lessonId}/progress`, { watchSeconds, completed });
  expect(res.statusCode, res.body).toBe(200);
  return progressResponseSchema.parse(res.json());
}

/** Opens the lesson and plays it to the end in real time, reporting every 10 s as the player does. */
export async function watchHonestly(ctx: TestContext, learner: Learner, lessonId: string) {
  const open = await asLearner(ctx, learner).get(`/api/v1/lessons/${lessonId}/signed-url`);
  expect(open.statusCode, open.body).toBe(200);
  let last = null;
  for (let position = 10; position <= LESSON_SECONDS; position += 10) {
    advance(ctx, 10);
    last = await report(ctx, learner, lessonId, position, position === LESSON_SECONDS);
  }
  expect(last?.completed).toBe(true);
}

/** What a cheating client does: opens the lesson, waits, and reports the end (and "completed") at once. */
export async function seekToTheEnd(ctx: TestContext, learner: Learner, lessonId: string) {
  const open = await asLearner(ctx, learner).get(`/api/v1/lessons/${lessonId}/signed-url`);
  expect(open.statusCode, open.body).toBe(200);
  advance(ctx, 600);
  const result = await report(ctx, learner, lessonId, LESSON_SECONDS, true);
  expect(result.completed).toBe(false);
}
