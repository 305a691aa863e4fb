import { randomBytes } from 'node:crypto';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courses, lessons, sections } from '../../db/schema.ts';
import { copyQuizzesToDraft, publishDraftQuizzes } from './quiz-drafts.ts';
import { copyResourcesToDraft, publishDraftResources } from './resource-drafts.ts';

/**
 * Drafts of published courses (decision 021). Once a course has been published, staff edits of what learners
 * read (the course's text, thumbnail, outline, lessons, videos, captions) go to a draft: a hidden copy of the
 * course in the same tables (`courses.draft_of`), so every edit, preview and upload path works on it unchanged.
 * Publish makes the draft the course (the published rows are updated in place, so progress, enrollments and
 * orders keep their lessons); Discard deletes it. What the course sells (price, tiers, featured) is not drafted.
 *
 * The console and the audit log always name a lesson or section by its published id; a draft row that copies
 * one says which in its own `draft_of`. A `WorkingCopy` translates between the two.
 */

type CourseRow = typeof courses.$inferSelect;

/** The course text a draft holds back; the rest of the row (price, featured, counts) stays on the course. */
const DRAFTED_FIELDS = ['title', 'description', 'difficulty', 'instructor', 'duration', 'thumbnail'] as const;
type DraftedField = (typeof DRAFTED_FIELDS)[number];
export type DraftedValues = Pick<CourseRow, DraftedField>;

export const draftedValues = (row: CourseRow): DraftedValues =>
  Object.fromEntries(DRAFTED_FIELDS.map((field) => [field, row[field]])) as DraftedValues;

export interface WorkingCopy {
  /** The course id staff and learners know. */
  publicId: string;
  /** The row edits of the course's content write: the draft's while there is one, else the course's own. */
  courseId: string;
  draft: CourseRow | null;
  /** A lesson's or section's row in the working copy, from the id the console names it by. */
  lessonRow(id: string): string;
  sectionRow(id: string): string;
  /** The id the console names a working-copy row by. */
  lessonId(row: string): string;
  sectionId(row: string): string;
}

type Pair = { id: string; draftOf: string | null };

function workingCopy(publicId: string, draft: CourseRow | null, lessonRows: Pair[], sectionRows: Pair[]): WorkingCopy {
  const toRow = (rows: Pair[]) => new Map(rows.flatMap((r) => (r.draftOf ? [[r.draftOf, r.id] as const] : [])));
  const toPublic = (rows: Pair[]) => new Map(rows.map((r) => [r.id, r.draftOf ?? r.id] as const));
  const lessonRow = toRow(lessonRows);
  const sectionRow = toRow(sectionRows);
  const lessonId = toPublic(lessonRows);
  const sectionId = toPublic(sectionRows);
  return {
    publicId,
    courseId: draft?.id ?? publicId,
    draft,
    lessonRow: (id) => lessonRow.get(id) ?? id,
    sectionRow: (id) => sectionRow.get(id) ?? id,
    lessonId: (row) => lessonId.get(row) ?? row,
    sectionId: (row) => sectionId.get(row) ?? row,
  };
}

async function findDraft(db: Db | Tx, courseId: string): Promise<CourseRow | null> {
  const [draft] = await db.select().from(courses).where(eq(courses.draftOf, courseId)).limit(1);
  return draft ?? null;
}

async function pairsOf(db: Db | Tx, draftId: string) {
  const [lessonRows, sectionRows] = await Promise.all([
    db.select({ id: lessons.id, draftOf: lessons.draftOf }).from(lessons).where(eq(lessons.courseId, draftId)),
    db.select({ id: sections.id, draftOf: sections.draftOf }).from(sections).where(eq(sections.courseId, draftId)),
  ]);
  return { lessonRows, sectionRows };
}

/** The course as staff edit it now: its draft when it has one, else the course itself. Creates nothing. */
export async function currentWorkingCopy(db: Db | Tx, courseId: string): Promise<WorkingCopy> {
  const draft = await findDraft(db, courseId);
  if (!draft) return workingCopy(courseId, null, [], []);
  const { lessonRows, sectionRows } = await pairsOf(db, draft.id);
  return workingCopy(courseId, draft, lessonRows, sectionRows);
}

/**
 * The working copy an edit of the course's content writes to. A course that has ever been published (enrolled
 * learners may still read it when unpublished) gets its draft now, copied from the published rows.
 */
export async function openWorkingCopy(tx: Tx, course: CourseRow, now: Date): Promise<WorkingCopy> {
  const existing = await currentWorkingCopy(tx, course.id);
  if (existing.draft || !course.firstPublishedAt) return existing;
  const draftId = `draft-${randomBytes(6).toString('hex')}`;
  const [draft] = await tx
    .insert(courses)
    .values({
      ...course,
      id: draftId,
      draftOf: course.id,
      published: false,
      firstPublishedAt: null,
      featured: false,
      version: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!draft) throw new Error('the draft insert returned no row');
  const sectionRows = await tx.select().from(sections).where(eq(sections.courseId, course.id));
  const sectionCopy = new Map(sectionRows.map((s, i) => [s.id, `${draftId}-s${i + 1}`]));
  if (sectionRows.length > 0) {
    await tx
      .insert(sections)
      .values(
        sectionRows.map((s) => ({ ...s, id: sectionCopy.get(s.id) as string, courseId: draftId, draftOf: s.id })),
      );
    await copyQuizzesToDraft(tx, course.id, draftId, sectionCopy);
  }
  const lessonRows = await tx.select().from(lessons).where(eq(lessons.courseId, course.id));
  if (lessonRows.length > 0) {
    await tx.insert(lessons).values(
      lessonRows.map((l, i) => ({
        ...l,
        id: `${draftId}-l${i + 1}`,
        courseId: draftId,
        sectionId: sectionCopy.get(l.sectionId) as string,
        draftOf: l.id,
      })),
    );
    await copyResourcesToDraft(tx, new Map(lessonRows.map((l, i) => [l.id, `${draftId}-l${i + 1}`])));
  }
  const { lessonRows: lessonPairs, sectionRows: sectionPairs } = await pairsOf(tx, draftId);
  return workingCopy(course.id, draft, lessonPairs, sectionPairs);
}

/**
 * Makes the course's draft the course: the published sections and lessons take the draft's values in place
 * (ids unchanged, so progress and history stay with them), sections and lessons new in the draft move over,
 * sections the draft removed go, and the draft is deleted. Answers the course fields to set, or null when
 * there was no draft.
 */
export async function applyDraft(tx: Tx, courseId: string): Promise<DraftedValues | null> {
  const draft = await findDraft(tx, courseId);
  if (!draft) return null;
  const draftSections = await tx.select().from(sections).where(eq(sections.courseId, draft.id));
  const liveSection = new Map(draftSections.map((s) => [s.id, s.draftOf ?? s.id]));
  for (const s of draftSections) {
    if (s.draftOf) {
      await tx.update(sections).set({ title: s.title, position: s.position }).where(eq(sections.id, s.draftOf));
    } else {
      await tx.update(sections).set({ courseId }).where(eq(sections.id, s.id));
    }
  }
  const draftLessons = await tx.select().from(lessons).where(eq(lessons.courseId, draft.id));
  for (const { id, courseId: _draft, draftOf, sectionId, ...values } of draftLessons) {
    const section = liveSection.get(sectionId) ?? sectionId;
    if (draftOf) {
      const updated = await tx
        .update(lessons)
        .set({ ...values, sectionId: section })
        .where(and(eq(lessons.id, draftOf), eq(lessons.courseId, courseId)))
        .returning({ id: lessons.id });
      if (updated.length > 0) await publishDraftResources(tx, id, draftOf);
    } else {
      await tx.update(lessons).set({ courseId, sectionId: section }).where(eq(lessons.id, id));
    }
  }
  await publishDraftQuizzes(tx, courseId, draft.id, liveSection);
  // Sections the draft removed; one still holding a lesson the draft did not know (a content import made it
  // meanwhile) stays, so that lesson keeps its place, and so does one whose quiz learners have attempted.
  await tx
    .delete(sections)
    .where(
      and(
        eq(sections.courseId, courseId),
        notInArray(sections.id, [...liveSection.values(), '']),
        sql`not exists (select 1 from lessons l where l.section_id = ${sections.id})`,
        sql`not exists (select 1 from quizzes q join quiz_attempts a on a.quiz_id = q.id where q.section_id = ${sections.id})`,
      ),
    );
  await tx.delete(courses).where(eq(courses.id, draft.id));
  return draftedValues(draft);
}

/** Deletes the course's draft: learners never saw it. Answers whether there was one. */
export async function discardDraft(tx: Tx, courseId: string): Promise<boolean> {
  const deleted = await tx.delete(courses).where(eq(courses.draftOf, courseId)).returning({ id: courses.id });
  return deleted.length > 0;
}

/** Filters drafts out of course lists (the console's, the content export). */
export const notADraft = isNull(courses.draftOf);
