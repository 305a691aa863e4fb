import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, courses, enrollments, lessonProgress, lessons, quizAttempts, quizzes } from '../../db/schema.ts';

export interface CourseProgressRow {
  courseId: string;
  title: string;
  /** False for an expired weekly enrollment: listed nowhere, but it still counts for achievements. */
  hasAccess: boolean;
  /** When a weekly access ends (null: permanent). */
  expiresAt: Date | null;
  totalLessons: number;
  completedLessons: number;
  /** The course's section quizzes, and how many the learner passed (an attempt at or above the pass mark). */
  totalQuizzes: number;
  passedQuizzes: number;
  watchedSeconds: number;
  nextLesson: { id: string; title: string } | null;
}

/**
 * Every enrollment of the learner with its course's figures, in ONE statement whatever the number of
 * courses: LATERAL subqueries per enrollment, each answered from an index: the lesson count from
 * lessons (course_id, position), the progress totals from lesson_progress (user_id, course_id), the quiz count
 * from quizzes (course_id) and the passed ones from quiz_attempts (user_id, course_id), the next
 * lesson from lessons (course_id, position) probing lesson_progress's primary key (user_id, lesson_id).
 * Most recently active first, then most recently enrolled.
 */
export async function loadCourseProgress(db: Db, userId: string, now: Date): Promise<CourseProgressRow[]> {
  const lessonCount = db
    .select({ total: count().as('total') })
    .from(lessons)
    .where(eq(lessons.courseId, enrollments.courseId))
    .as('lesson_count');

  const progress = db
    .select({
      completed: sql<number>`count(*) filter (where ${lessonProgress.completed})`.as('completed'),
      watched: sql<number>`coalesce(sum(${lessonProgress.watchedSeconds}), 0)`.as('watched'),
      lastActive: sql<Date | null>`max(${lessonProgress.updatedAt})`.as('last_active'),
    })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, enrollments.userId), eq(lessonProgress.courseId, enrollments.courseId)))
    .as('progress');

  const quizCount = db
    .select({ total: count().as('quiz_total') })
    .from(quizzes)
    .where(eq(quizzes.courseId, enrollments.courseId))
    .as('quiz_count');

  const quizzesPassed = db
    .select({ passed: sql<number>`count(distinct ${quizAttempts.quizId})`.as('quizzes_passed') })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, enrollments.userId),
        eq(quizAttempts.courseId, enrollments.courseId),
        eq(quizAttempts.passed, true),
      ),
    )
    .as('quizzes_passed');

  // A scalar subquery, not NOT EXISTS: PostgreSQL then probes the primary key (user_id, lesson_id) once per
  // lesson, in position order, until the first lesson not completed. As an anti-join the planner, expecting a
  // handful of progress rows per learner, scanned all of a heavy learner's rows for every course instead.
  const completedFlag = db
    .select({ completed: lessonProgress.completed })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, enrollments.userId), eq(lessonProgress.lessonId, lessons.id)));
  const next = db
    .select({ id: sql<string>`${lessons.id}`.as('next_id'), title: sql<string>`${lessons.title}`.as('next_title') })
    .from(lessons)
    .where(and(eq(lessons.courseId, enrollments.courseId), sql`(${completedFlag}) is not true`))
    .orderBy(asc(lessons.position))
    .limit(1)
    .as('next_lesson');

  const hasAccess = or(eq(enrollments.accessType, 'permanent'), gt(enrollments.expiresAt, now));
  const rows = await db
    .select({
      courseId: enrollments.courseId,
      title: courses.title,
      hasAccess: sql<boolean>`coalesce(${hasAccess}, false)`,
      expiresAt: enrollments.expiresAt,
      totalLessons: lessonCount.total,
      completedLessons: progress.completed,
      totalQuizzes: quizCount.total,
      passedQuizzes: quizzesPassed.passed,
      watchedSeconds: progress.watched,
      nextId: next.id,
      nextTitle: next.title,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoinLateral(lessonCount, sql`true`)
    .innerJoinLateral(progress, sql`true`)
    .innerJoinLateral(quizCount, sql`true`)
    .innerJoinLateral(quizzesPassed, sql`true`)
    .leftJoinLateral(next, sql`true`)
    .where(eq(enrollments.userId, userId))
    .orderBy(
      desc(sql`coalesce(${progress.lastActive}, ${enrollments.createdAt})`),
      desc(enrollments.createdAt),
      asc(enrollments.courseId),
    );

  return rows.map((row) => ({
    courseId: row.courseId,
    title: row.title,
    hasAccess: Boolean(row.hasAccess),
    expiresAt: row.expiresAt,
    totalLessons: Number(row.totalLessons),
    completedLessons: Number(row.completedLessons),
    totalQuizzes: Number(row.totalQuizzes),
    passedQuizzes: Number(row.passedQuizzes),
    watchedSeconds: Number(row.watchedSeconds),
    nextLesson: row.nextId && row.nextTitle !== null ? { id: row.nextId, title: row.nextTitle } : null,
  }));
}

export interface LearnerTotals {
  watchedSeconds: number;
  lessonsCompleted: number;
  /** Certificates not revoked. */
  certificatesHeld: number;
}

/**
 * The learner's totals over ALL their progress, free previews of courses they are not enrolled in included:
 * time spent learning is every second they really watched.
 */
export async function loadLearnerTotals(db: Db, userId: string): Promise<LearnerTotals> {
  // The certificates the learner holds ride along as a scalar subquery: the dashboard stays one round trip.
  const held = db
    .select({ n: count() })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt), isNull(certificates.deletedAt)));
  const [row] = await db
    .select({
      watchedSeconds: sql<number>`coalesce(sum(${lessonProgress.watchedSeconds}), 0)`,
      lessonsCompleted: sql<number>`count(*) filter (where ${lessonProgress.completed})`,
      certificatesHeld: sql<number>`(${held})`,
    })
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId));
  return {
    watchedSeconds: Number(row?.watchedSeconds ?? 0),
    lessonsCompleted: Number(row?.lessonsCompleted ?? 0),
    certificatesHeld: Number(row?.certificatesHeld ?? 0),
  };
}
