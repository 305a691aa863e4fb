import { eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/app.ts';
import { type QuizQuestion, quizzes } from '../../db/schema.ts';

/** Test-only: a quiz of every question kind (the answers are what the tests look for in raw JSON). */
export const FIXTURE_QUESTIONS: QuizQuestion[] = [
  {
    id: 'q1',
    kind: 'single',
    prompt: 'Which layer mixes information between tokens?',
    options: [
      { id: 'a', text: 'The feed-forward layer' },
      { id: 'b', text: 'The attention layer' },
      { id: 'c', text: 'The embedding layer' },
    ],
    correctOptionIds: ['b'],
    explanation: 'SECRET-EXPLANATION-1: attention is the only step where tokens look at each other.',
  },
  {
    id: 'q2',
    kind: 'multiple',
    prompt: 'Which are inputs to scaled dot-product attention?',
    options: [
      { id: 'a', text: 'Queries' },
      { id: 'b', text: 'Keys' },
      { id: 'c', text: 'Labels' },
      { id: 'd', text: 'Values' },
    ],
    correctOptionIds: ['a', 'b', 'd'],
    explanation: 'SECRET-EXPLANATION-2: queries, keys and values.',
  },
  {
    id: 'q3',
    kind: 'numeric',
    prompt: 'What is 1 / sqrt(4)?',
    answer: 0.5,
    tolerance: 0.01,
    explanation: 'SECRET-EXPLANATION-3: the square root of 4 is 2.',
  },
];

/** Replaces the course's quizzes (content may ship its own) with one fixture quiz on the given section. */
export async function insertQuiz(
  ctx: TestContext,
  quiz: { id: string; courseId: string; sectionId: string; passPercent?: number; questions?: QuizQuestion[] },
): Promise<void> {
  const db = ctx.database.db;
  await db.delete(quizzes).where(eq(quizzes.sectionId, quiz.sectionId));
  await db.insert(quizzes).values({
    id: quiz.id,
    courseId: quiz.courseId,
    sectionId: quiz.sectionId,
    title: `Quiz ${quiz.id}`,
    passPercent: quiz.passPercent ?? 70,
    questions: quiz.questions ?? FIXTURE_QUESTIONS,
  });
}

/** Every answer right for FIXTURE_QUESTIONS. */
export const ALL_RIGHT = { q1: ['b'], q2: ['d', 'a', 'b'], q3: 0.5 };
