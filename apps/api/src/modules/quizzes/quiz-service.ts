import type { Quiz, QuizAttemptBody, QuizResult, QuizStandingView, QuizSummary } from '@kaushal/contract';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { quizAttempts, quizzes, sections } from '../../db/schema.ts';
import { awardCertificateIfEarned } from '../certificates/index.ts';
import type { Outbox } from '../mail/index.ts';
import { checkAnswers, type Grade, grade } from './grading.ts';
import type { QuizRow } from './quiz-access.ts';

const NO_STANDING: QuizStandingView = { bestPercent: null, passed: false, attempts: 0 };

/** The learner's best score, whether any attempt passed, and how many attempts, per quiz id. */
async function standingsOf(db: Db | Tx, userId: string, quizIds: string[]): Promise<Map<string, QuizStandingView>> {
  if (quizIds.length === 0) return new Map();
  const rows = await db
    .select({
      quizId: quizAttempts.quizId,
      bestPercent: max(quizAttempts.scorePercent),
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
      attempts: count(),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, quizIds)))
    .groupBy(quizAttempts.quizId);
  return new Map(
    rows.map((row) => [
      row.quizId,
      { bestPercent: row.bestPercent ?? null, passed: Boolean(row.passed), attempts: Number(row.attempts) },
    ]),
  );
}

/** A course's quizzes in outline order, without their questions; the standing is null for a visitor. */
export async function listCourseQuizzes(db: Db, courseId: string, userId: string | null): Promise<QuizSummary[]> {
  const rows = await db
    .select({
      id: quizzes.id,
      courseId: quizzes.courseId,
      sectionId: quizzes.sectionId,
      sectionTitle: sections.title,
      title: quizzes.title,
      passPercent: quizzes.passPercent,
      questionCount: sql<number>`jsonb_array_length(${quizzes.questions})`,
    })
    .from(quizzes)
    .innerJoin(sections, eq(sections.id, quizzes.sectionId))
    .where(eq(quizzes.courseId, courseId))
    .orderBy(asc(sections.position));
  const standings = userId
    ? await standingsOf(
        db,
        userId,
        rows.map((row) => row.id),
      )
    : null;
  return rows.map((row) => ({
    ...row,
    questionCount: Number(row.questionCount),
    standing: standings ? (standings.get(row.id) ?? NO_STANDING) : null,
  }));
}

/** The quiz as the learner takes it: prompts and options only, never which are right. */
export async function quizForLearner(db: Db, quiz: QuizRow, userId: string): Promise<Quiz> {
  const standing = (await standingsOf(db, userId, [quiz.id])).get(quiz.id) ?? NO_STANDING;
  return {
    id: quiz.id,
    courseId: quiz.courseId,
    sectionId: quiz.sectionId,
    sectionTitle: quiz.sectionTitle,
    courseTitle: quiz.courseTitle,
    title: quiz.title,
    passPercent: quiz.passPercent,
    questionCount: quiz.questions.length,
    // Built field by field: a question's answer, right options and explanation are never copied.
    questions: quiz.questions.map((question) =>
      question.kind === 'numeric'
        ? { id: question.id, kind: 'numeric' as const, prompt: question.prompt }
        : {
            id: question.id,
            kind: question.kind,
            prompt: question.prompt,
            options: question.options.map((option) => ({ id: option.id, text: option.text })),
          },
    ),
    standing,
  };
}

/**
 * Grades an attempt on the server and stores it (400 and nothing stored for answers that do not fit the quiz).
 * Attempts are unlimited; the standing after it keeps the best score. A pass may complete the course: the
 * certificate is awarded in the attempt's transaction, so the two stand or fall together.
 */
export async function submitAttempt(
  deps: { db: Db; outbox: Outbox },
  quiz: QuizRow,
  userId: string,
  body: QuizAttemptBody,
  now: Date,
): Promise<QuizResult> {
  checkAnswers(quiz.questions, body.answers);
  const result = grade(quiz.questions, body.answers, quiz.passPercent);
  const standing = await deps.db.transaction(async (tx) => {
    await storeAttempt(tx, quiz, userId, body, result, now);
    if (result.passed) {
      await awardCertificateIfEarned(tx, { userId, courseId: quiz.courseId, now, outbox: deps.outbox });
    }
    return (await standingsOf(tx, userId, [quiz.id])).get(quiz.id) ?? NO_STANDING;
  });
  return {
    quizId: quiz.id,
    scorePercent: result.scorePercent,
    correctCount: result.correctCount,
    questionCount: result.questionCount,
    passPercent: quiz.passPercent,
    passed: result.passed,
    standing,
    questions: result.questions,
  };
}

async function storeAttempt(
  tx: Tx,
  quiz: QuizRow,
  userId: string,
  body: QuizAttemptBody,
  result: Grade,
  now: Date,
): Promise<void> {
  await tx.insert(quizAttempts).values({
    userId,
    quizId: quiz.id,
    courseId: quiz.courseId,
    answers: body.answers,
    correctCount: result.correctCount,
    questionCount: result.questionCount,
    scorePercent: result.scorePercent,
    passed: result.passed,
    createdAt: now,
  });
}
