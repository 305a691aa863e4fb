import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { quizAttempts, quizzes, sections } from '../../db/schema.ts';

export interface QuizStanding {
  quizId: string;
  sectionId: string;
  title: string;
  passPercent: number;
  /** The learner's best score so far (null: never attempted). */
  bestPercent: number | null;
  passed: boolean;
}

/**
 * Every quiz of a course in outline order with the learner's best attempt: what progress, the dashboard and
 * certificates count. A quiz is passed when any attempt passed (the best score is kept, attempts are unlimited).
 */
export async function quizStandings(db: Db | Tx, userId: string, courseId: string): Promise<QuizStanding[]> {
  const rows = await db
    .select({
      quizId: quizzes.id,
      sectionId: quizzes.sectionId,
      title: quizzes.title,
      passPercent: quizzes.passPercent,
      bestPercent: max(quizAttempts.scorePercent),
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
    })
    .from(quizzes)
    .innerJoin(sections, eq(sections.id, quizzes.sectionId))
    .leftJoin(quizAttempts, and(eq(quizAttempts.quizId, quizzes.id), eq(quizAttempts.userId, userId)))
    .where(eq(quizzes.courseId, courseId))
    .groupBy(quizzes.id, sections.position)
    .orderBy(asc(sections.position));
  return rows.map((row) => ({ ...row, bestPercent: row.bestPercent ?? null, passed: Boolean(row.passed) }));
}
