import { randomBytes } from 'node:crypto';
import type { AdminCourseDetail, AdminQuiz, AdminQuizBody } from '@kaushal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courses, type QuizQuestion, quizzes, sections } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../audit/index.ts';
import { editContent } from './courses.ts';
import { currentWorkingCopy, type WorkingCopy } from './drafts.ts';
import { attemptedSections } from './quiz-drafts.ts';

const NO_SECTION = 'This course has no such section.';
const NO_QUIZ = 'This section has no quiz.';

/** A fresh quiz id under the course's (within the 100 characters a quiz URL takes). */
const newQuizId = (courseId: string) => `${courseId.slice(0, 80)}-quiz-${randomBytes(4).toString('hex')}`;

/** The section's row in the working copy, 404 when the course has no such section. */
async function sectionRowOf(tx: Tx, working: WorkingCopy, sectionId: string): Promise<string> {
  const row = working.sectionRow(sectionId);
  const [section] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.id, row), eq(sections.courseId, working.courseId)));
  if (!section) throw notFound(NO_SECTION, 'section_not_found');
  return section.id;
}

const auditFields = (quiz: { id: string; title: string; passPercent: number; questions: QuizQuestion[] }) => ({
  quizId: quiz.id,
  title: quiz.title,
  passPercent: quiz.passPercent,
  questions: quiz.questions,
});

/** The course's quizzes as the console edits them (its draft's while it has one), in outline order. */
export async function listAdminQuizzes(db: Db, courseId: string): Promise<AdminQuiz[]> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, courseId), isNull(courses.draftOf)));
    if (!course) throw notFound('There is no course with this id.', 'course_not_found');
    const working = await currentWorkingCopy(tx, courseId);
    const rows = await tx
      .select({ quiz: quizzes })
      .from(quizzes)
      .innerJoin(sections, eq(sections.id, quizzes.sectionId))
      .where(eq(quizzes.courseId, working.courseId))
      .orderBy(asc(sections.position));
    const sectionIds = rows.map(({ quiz }) => working.sectionId(quiz.sectionId));
    const attempted = await attemptedSections(tx, courseId, sectionIds);
    return rows.map(({ quiz }, i) => ({
      id: quiz.id,
      sectionId: sectionIds[i] ?? quiz.sectionId,
      title: quiz.title,
      passPercent: quiz.passPercent,
      questions: quiz.questions,
      attempted: attempted.has(sectionIds[i] ?? ''),
    }));
  });
}

/** Creates or replaces a section's quiz (in the draft once the course has been published), audited. */
export async function saveQuiz(
  db: Db,
  actor: Actor,
  courseId: string,
  sectionId: string,
  body: AdminQuizBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, courseId, body.version, now, async (tx, working) => {
    const sectionRow = await sectionRowOf(tx, working, sectionId);
    const [before] = await tx.select().from(quizzes).where(eq(quizzes.sectionId, sectionRow));
    const values = { title: body.title, passPercent: body.passPercent, questions: body.questions, updatedAt: now };
    const [after] = before
      ? await tx.update(quizzes).set(values).where(eq(quizzes.id, before.id)).returning()
      : await tx
          .insert(quizzes)
          .values({ id: newQuizId(courseId), courseId: working.courseId, sectionId: sectionRow, ...values })
          .returning();
    if (!after) throw notFound(NO_QUIZ, 'quiz_not_found');
    return {
      audit: {
        action: before ? 'quiz.update' : 'quiz.create',
        entity: 'course',
        entityId: courseId,
        before: before ? { sectionId, ...auditFields(before) } : null,
        after: { sectionId, ...auditFields(after) },
      },
    };
  });
}

/** Removes a section's quiz; refused (409) once learners have attempted it, whose attempts would go with it. */
export async function deleteQuiz(
  db: Db,
  actor: Actor,
  courseId: string,
  sectionId: string,
  version: number,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, courseId, version, now, async (tx, working) => {
    const sectionRow = await sectionRowOf(tx, working, sectionId);
    const [before] = await tx.select().from(quizzes).where(eq(quizzes.sectionId, sectionRow));
    if (!before) throw notFound(NO_QUIZ, 'quiz_not_found');
    if ((await attemptedSections(tx, courseId, [sectionId])).size > 0) {
      throw conflict('Learners have taken this quiz, so it stays: edit its questions instead.', 'quiz_attempted');
    }
    await tx.delete(quizzes).where(eq(quizzes.id, before.id));
    return {
      audit: {
        action: 'quiz.delete',
        entity: 'course',
        entityId: courseId,
        before: { sectionId, ...auditFields(before) },
        after: null,
      },
    };
  });
}
