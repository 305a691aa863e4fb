import type { StaffRole } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons, type QuizQuestion, quizzes, sections } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { getCourseAccess } from '../enrollment/index.ts';
import { canPreviewCourse } from '../roles/index.ts';

export const QUIZ_NOT_FOUND = 'We could not find that quiz.';
export const QUIZ_ENROLLMENT_REQUIRED = 'Please enroll in the course to take its quizzes.';

export interface QuizRow {
  id: string;
  courseId: string;
  sectionId: string;
  sectionTitle: string;
  courseTitle: string;
  title: string;
  passPercent: number;
  questions: QuizQuestion[];
}

type Viewer = { id: string; roles: readonly StaffRole[] };

/**
 * The quiz if this learner may take it, under the rule of the course's paid lessons: while their access lasts
 * (403 with the renewal message once a weekly enrollment has expired), any signed-in learner when every lesson of
 * the course is free, and staff who may preview the course. 404 for an unknown quiz or an unpublished course.
 */
export async function findTakeableQuiz(db: Db, quizId: string, viewer: Viewer, now: Date): Promise<QuizRow> {
  const [row] = await db
    .select({
      id: quizzes.id,
      courseId: quizzes.courseId,
      sectionId: quizzes.sectionId,
      sectionTitle: sections.title,
      courseTitle: courses.title,
      title: quizzes.title,
      passPercent: quizzes.passPercent,
      questions: quizzes.questions,
      published: courses.published,
    })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .innerJoin(sections, eq(sections.id, quizzes.sectionId))
    .where(eq(quizzes.id, quizId))
    .limit(1);
  if (!row) throw notFound(QUIZ_NOT_FOUND, 'quiz_not_found');
  const { published, ...quiz } = row;
  const preview = viewer.roles.length > 0 && (await canPreviewCourse(db, viewer, quiz.courseId));
  if (!published && !preview) throw notFound(QUIZ_NOT_FOUND, 'quiz_not_found');
  if (preview) return quiz;
  const access = await getCourseAccess(db, viewer.id, quiz.courseId, now);
  if (access.isEnrolled || (await everyLessonFree(db, quiz.courseId))) return quiz;
  const status = access.enrollmentStatus;
  if (status && !status.enrolled) throw forbidden(status.message, 'access_expired');
  throw forbidden(QUIZ_ENROLLMENT_REQUIRED, 'enrollment_required');
}

/** A course whose every lesson is a free preview asks only that the learner is signed in. */
async function everyLessonFree(db: Db, courseId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.isFree, false)))
    .limit(1);
  return !paid;
}
