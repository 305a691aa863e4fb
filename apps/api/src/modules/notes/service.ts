import { bookmarkLabelSchema, MAX_POSITION_SECONDS, NOTE_LIMITS, type Note, noteTextSchema } from '@kaushal/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { courses, lessonNotes, lessons, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../auth/index.ts';
import type { LessonRow } from '../learning/index.ts';
import { canPreviewCourse } from '../roles/index.ts';

export const NOTE_NOT_FOUND = 'We could not find that note.';
export const COURSE_NOT_FOUND = 'We could not find that course.';
export const NOTE_LIMIT_REACHED = `You can keep up to ${NOTE_LIMITS.perLesson} notes and bookmarks on one lesson. Delete some to add more.`;

type NoteRow = typeof lessonNotes.$inferSelect;

const toNote = (row: NoteRow): Note => ({
  id: row.id,
  lessonId: row.lessonId,
  courseId: row.courseId,
  kind: row.kind,
  atSeconds: row.atSeconds,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The learner's notes and bookmarks in a course, in lesson order, then by second, then oldest first. The course
 * must be one the learner can see: published, or previewed by its staff (404 otherwise, as for the course page).
 * Access to the lessons is not asked: the notes are the learner's own, and stay readable when a week runs out.
 */
export async function listCourseNotes(db: Db, viewer: SessionUser, courseId: string): Promise<Note[]> {
  const [course] = await db
    .select({ published: courses.published })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  const visible =
    course?.published || (course && viewer.roles.length > 0 && (await canPreviewCourse(db, viewer, courseId)));
  if (!visible) throw notFound(COURSE_NOT_FOUND, 'course_not_found');
  const rows = await db
    .select({ note: lessonNotes })
    .from(lessonNotes)
    .innerJoin(lessons, eq(lessons.id, lessonNotes.lessonId))
    .where(and(eq(lessonNotes.userId, viewer.id), eq(lessonNotes.courseId, courseId)))
    .orderBy(asc(lessons.position), asc(lessonNotes.atSeconds), asc(lessonNotes.createdAt), asc(lessonNotes.id));
  return rows.map(({ note }) => toNote(note));
}

/** The last second a note may point at: the lesson's duration, or any position while it is unknown (0). */
const lastSecond = (lesson: Pick<LessonRow, 'durationSeconds'>) =>
  lesson.durationSeconds > 0 ? lesson.durationSeconds : MAX_POSITION_SECONDS;

/**
 * A note or bookmark on a lesson the caller has already been allowed to open (findPlayableLesson). Refused past
 * the lesson's end (400) and past NOTE_LIMITS.perLesson of the learner's on the lesson (409). The learner's row
 * is locked for the count and the insert, so two requests at once cannot both take the last place (and an
 * account being deleted cannot gain a note).
 */
export async function createNote(
  db: Db,
  userId: string,
  lesson: Pick<LessonRow, 'id' | 'courseId' | 'durationSeconds'>,
  body: { kind: 'note' | 'bookmark'; atSeconds: number; body?: string | undefined },
  now: Date,
): Promise<Note> {
  const last = lastSecond(lesson);
  if (body.atSeconds > last) {
    throw badRequest(`That second is past the end of the lesson (${last} s).`, 'past_lesson_end');
  }
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!owner) throw notFound(NOTE_NOT_FOUND, 'note_not_found');
    const [held] = await tx
      .select({ n: count() })
      .from(lessonNotes)
      .where(and(eq(lessonNotes.userId, userId), eq(lessonNotes.lessonId, lesson.id)));
    if ((held?.n ?? 0) >= NOTE_LIMITS.perLesson) throw conflict(NOTE_LIMIT_REACHED, 'note_limit_reached');
    const [row] = await tx
      .insert(lessonNotes)
      .values({
        userId,
        lessonId: lesson.id,
        courseId: lesson.courseId,
        kind: body.kind,
        atSeconds: body.atSeconds,
        body: body.body ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('the note was not inserted');
    return toNote(row);
  });
}

/** One of the learner's own notes: another learner's, or none, is 404 alike (nothing says that it exists). */
async function findOwnNote(db: Db, userId: string, noteId: string): Promise<NoteRow> {
  const [row] = await db
    .select()
    .from(lessonNotes)
    .where(and(eq(lessonNotes.id, noteId), eq(lessonNotes.userId, userId)))
    .limit(1);
  if (!row) throw notFound(NOTE_NOT_FOUND, 'note_not_found');
  return row;
}

/** The first readable message of a failed parse, for a 400 that says what to fix. */
function invalidText(error: z.ZodError): never {
  throw badRequest(error.issues[0]?.message ?? 'The text is not valid.', 'invalid_note');
}

/** New text for one of the learner's notes (1 to 2,000 characters), or a new label for a bookmark (up to 120). */
export async function updateNote(db: Db, userId: string, noteId: string, text: string, now: Date): Promise<Note> {
  const note = await findOwnNote(db, userId, noteId);
  const parsed = (note.kind === 'note' ? noteTextSchema : bookmarkLabelSchema).safeParse(text);
  if (!parsed.success) invalidText(parsed.error);
  const [row] = await db
    .update(lessonNotes)
    .set({ body: parsed.data, updatedAt: now })
    .where(and(eq(lessonNotes.id, note.id), eq(lessonNotes.userId, userId)))
    .returning();
  if (!row) throw notFound(NOTE_NOT_FOUND, 'note_not_found');
  return toNote(row);
}

/** Deletes one of the learner's notes or bookmarks; 404 when it is not theirs or already gone. */
export async function deleteNote(db: Db, userId: string, noteId: string): Promise<void> {
  const deleted = await db
    .delete(lessonNotes)
    .where(and(eq(lessonNotes.id, noteId), eq(lessonNotes.userId, userId)))
    .returning({ id: lessonNotes.id });
  if (deleted.length === 0) throw notFound(NOTE_NOT_FOUND, 'note_not_found');
}
