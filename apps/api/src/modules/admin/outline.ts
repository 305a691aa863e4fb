import type { AdminCourseDetail, CreateLessonBody, OutlineBody, UpdateLessonBody } from '@kaushal/contract';
import { and, eq, like, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lessons, sections } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, changedFields } from '../audit/index.ts';
import { editContent } from './courses.ts';
import type { WorkingCopy } from './drafts.ts';

/** The outline as the audit log records it: section titles with their lesson ids, in order. */
async function outlineOf(tx: Tx, working: WorkingCopy) {
  const rows = await tx
    .select({ section: sections.title, sectionId: sections.id, lesson: lessons.id })
    .from(sections)
    .leftJoin(lessons, eq(lessons.sectionId, sections.id))
    .where(eq(sections.courseId, working.courseId))
    .orderBy(sections.position, lessons.position);
  const outline: Array<{ id: string; title: string; lessons: string[] }> = [];
  for (const row of rows) {
    let entry = outline.at(-1);
    const id = working.sectionId(row.sectionId);
    if (entry?.id !== id) {
      entry = { id, title: row.section, lessons: [] };
      outline.push(entry);
    }
    if (row.lesson) entry.lessons.push(working.lessonId(row.lesson));
  }
  return outline;
}

/**
 * Saves the outline in one transaction: section order and titles, new sections, removed ones, and every lesson's
 * section and position (one course-wide order, each section's lessons consecutive). Lessons are never created or
 * removed here: every lesson of the course must be placed exactly once.
 */
export async function saveOutline(
  db: Db,
  actor: Actor,
  courseId: string,
  body: OutlineBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, courseId, body.version, now, async (tx, working) => {
    const before = await outlineOf(tx, working);
    const existingLessons = (
      await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, working.courseId))
    ).map((l) => working.lessonId(l.id));
    const placed = body.sections.flatMap((s) => s.lessonIds);
    const duplicate = placed.find((id, i) => placed.indexOf(id) !== i);
    if (duplicate) throw badRequest(`Lesson ${duplicate} is placed twice.`, 'outline_invalid');
    const unknown = placed.find((id) => !existingLessons.includes(id));
    if (unknown) throw badRequest(`Lesson ${unknown} is not a lesson of this course.`, 'outline_invalid');
    const missing = existingLessons.find((id) => !placed.includes(id));
    if (missing)
      throw badRequest(`Lesson ${missing} is missing from the outline: place every lesson.`, 'outline_invalid');
    const ownSections = (
      await tx.select({ id: sections.id }).from(sections).where(eq(sections.courseId, working.courseId))
    ).map((s) => working.sectionId(s.id));
    const foreign = body.sections.find((s) => s.id && !ownSections.includes(s.id));
    if (foreign?.id) throw badRequest(`Section ${foreign.id} is not a section of this course.`, 'outline_invalid');

    // New sections get the next free `<course>-s<n>` ids (section ids are global; a course id holds only
    // [a-z0-9-], so the pattern has no wildcard of its own); kept ones keep their rows.
    const taken = new Set(
      (
        await tx
          .select({ id: sections.id })
          .from(sections)
          .where(like(sections.id, `${courseId}-s%`))
      ).map((s) => s.id),
    );
    let next = ownSections.length + 1;
    const rows = body.sections.map((s) => {
      if (s.id) return { row: working.sectionRow(s.id), isNew: false };
      while (taken.has(`${courseId}-s${next}`)) next++;
      const row = `${courseId}-s${next}`;
      taken.add(row);
      return { row, isNew: true };
    });
    for (const [position, section] of body.sections.entries()) {
      const { row, isNew } = rows[position] as { row: string; isNew: boolean };
      if (isNew) {
        await tx.insert(sections).values({ id: row, courseId: working.courseId, position, title: section.title });
      } else {
        await tx.update(sections).set({ position, title: section.title }).where(eq(sections.id, row));
      }
    }
    let position = 0;
    for (const [index, section] of body.sections.entries()) {
      for (const lessonId of section.lessonIds) {
        await tx
          .update(lessons)
          .set({ sectionId: rows[index]?.row as string, position: position++ })
          .where(eq(lessons.id, working.lessonRow(lessonId)));
      }
    }
    const kept = rows.map((r) => r.row);
    await tx.delete(sections).where(and(eq(sections.courseId, working.courseId), notInArray(sections.id, kept)));
    const after = await outlineOf(tx, working);
    return {
      audit: {
        action: 'course.outline',
        entity: 'course',
        entityId: courseId,
        before: { outline: before },
        after: { outline: after },
      },
    };
  });
}

const lessonFields = (l: typeof lessons.$inferSelect) => ({
  title: l.title,
  description: l.description,
  isFree: l.isFree,
  youtubeUrl: l.videoType === 'youtube' ? l.videoRef : null,
});

/** A new lesson at the end of its section (the course-wide positions after it move down one). */
export async function createLesson(
  db: Db,
  actor: Actor,
  courseId: string,
  body: CreateLessonBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, courseId, body.version, now, async (tx, working) => {
    const sectionRow = working.sectionRow(body.sectionId);
    const [section] = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.id, sectionRow), eq(sections.courseId, working.courseId)));
    if (!section) throw notFound('This course has no such section.', 'section_not_found');
    const [taken] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, body.id));
    if (taken) throw conflict('Another lesson already has this id. Choose another one.', 'lesson_id_taken');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${lessons.position}), -1)` })
      .from(lessons)
      .innerJoin(sections, eq(sections.id, lessons.sectionId))
      .where(
        and(
          eq(lessons.courseId, working.courseId),
          sql`${sections.position} <= (select position from sections where id = ${sectionRow})`,
        ),
      );
    const position = Number(last?.position ?? -1) + 1;
    // Make room: every later lesson (of the sections after this one) moves one down.
    await tx
      .update(lessons)
      .set({ position: sql`${lessons.position} + 1` })
      .where(and(eq(lessons.courseId, working.courseId), sql`${lessons.position} >= ${position}`));
    const [row] = await tx
      .insert(lessons)
      .values({
        id: body.id,
        courseId: working.courseId,
        sectionId: sectionRow,
        position,
        title: body.title,
        description: body.description,
        isFree: body.isFree,
        durationSeconds: 0,
        videoType: body.youtubeUrl ? 'youtube' : null,
        videoRef: body.youtubeUrl,
      })
      .returning();
    if (!row) throw new Error('the lesson insert returned no row');
    return {
      audit: {
        action: 'lesson.create',
        entity: 'lesson',
        entityId: row.id,
        before: null,
        after: { courseId, ...lessonFields(row) },
      },
    };
  });
}

export async function updateLesson(
  db: Db,
  actor: Actor,
  courseId: string,
  lessonId: string,
  body: UpdateLessonBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, courseId, body.version, now, async (tx, working) => {
    const [before] = await tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.id, working.lessonRow(lessonId)), eq(lessons.courseId, working.courseId)));
    if (!before) throw notFound('This course has no such lesson.', 'lesson_not_found');
    const { version: _version, youtubeUrl, ...fields } = body;
    const set: Partial<typeof lessons.$inferInsert> = { ...fields };
    if (youtubeUrl !== undefined) {
      if (youtubeUrl === null && before.videoType === 'direct') {
        // Clearing a YouTube link never touches an uploaded video.
      } else {
        set.videoType = youtubeUrl ? 'youtube' : null;
        set.videoRef = youtubeUrl;
      }
    }
    const [after] = await tx.update(lessons).set(set).where(eq(lessons.id, before.id)).returning();
    if (!after) throw notFound('This course has no such lesson.', 'lesson_not_found');
    return {
      audit: {
        action: 'lesson.update',
        entity: 'lesson',
        entityId: lessonId,
        ...changedFields(lessonFields(before), lessonFields(after)),
      },
    };
  });
}
