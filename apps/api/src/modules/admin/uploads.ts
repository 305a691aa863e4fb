import type { AdminCourseDetail } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type CaptionRef, courses, lessons } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type Actor, changedFields, recordAudit } from '../audit/index.ts';
import { editContent, touch } from './courses.ts';
import { currentWorkingCopy, notADraft, openWorkingCopy, type WorkingCopy } from './drafts.ts';

/**
 * The database side of the console's uploads (decision 020): each write checks the lesson is the course's,
 * bumps the course's version and records its audit row in one transaction. The files themselves are stored
 * before (under new keys), and removed again by the caller when the write fails.
 */

/** The lesson the console names `lessonId`, in the course's working copy (its draft, when it has one). */
async function lessonOf(tx: Tx, working: WorkingCopy, lessonId: string) {
  const [lesson] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, working.lessonRow(lessonId)), eq(lessons.courseId, working.courseId)));
  return lesson;
}

const NO_LESSON = 'This course has no such lesson.';

/**
 * A video upload begins: the lesson must exist (refused before 2 GB arrive for nothing), and the attempt is
 * audited, so the log shows who sent which file for which lesson, also when it is refused at the end.
 */
export async function recordVideoUploadStart(
  db: Db,
  actor: Actor,
  upload: { id: string; courseId: string; lessonId: string; filename: string; size: number },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, upload.courseId), notADraft));
    if (!course) throw notFound('There is no course with this id.', 'course_not_found');
    const working = await currentWorkingCopy(tx, upload.courseId);
    if (!(await lessonOf(tx, working, upload.lessonId))) throw notFound(NO_LESSON, 'lesson_not_found');
    await recordAudit(
      tx,
      actor,
      {
        action: 'lesson.video_upload',
        entity: 'lesson',
        entityId: upload.lessonId,
        before: null,
        after: { courseId: upload.courseId, upload: upload.id, filename: upload.filename, bytes: upload.size },
      },
      now,
    );
  });
}

const videoFields = (l: typeof lessons.$inferSelect) => ({
  videoType: l.videoType,
  videoRef: l.videoRef,
  durationSeconds: l.durationSeconds,
});

/**
 * An upload has arrived and is a playable video, stored under `key`: it becomes the lesson's video. The
 * version is not compared (a 2 GB upload outlives many edits of the title); the course row is still locked and
 * its version bumped, so an editor holding the old version reloads before saving over it.
 * Returns the course's new version.
 */
export async function setLessonVideo(
  db: Db,
  actor: Actor,
  video: { courseId: string; lessonId: string; key: string; durationSeconds: number; upload: string },
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, video.courseId), notADraft))
      .for('update');
    // A published course's new video waits in its draft like any other edit.
    const working = course ? await openWorkingCopy(tx, course, now) : undefined;
    const before = working ? await lessonOf(tx, working, video.lessonId) : undefined;
    if (!working || !before) {
      throw conflict('The lesson was removed while its video was uploading.', 'lesson_not_found');
    }
    const [after] = await tx
      .update(lessons)
      .set({ videoType: 'direct', videoRef: video.key, durationSeconds: video.durationSeconds })
      .where(eq(lessons.id, before.id))
      .returning();
    if (!after) throw conflict('The lesson was removed while its video was uploading.', 'lesson_not_found');
    if (working.draft) await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, working.courseId));
    const bumped = await touch(tx, video.courseId, actor, now);
    const changed = changedFields(videoFields(before), videoFields(after));
    await recordAudit(
      tx,
      actor,
      {
        action: 'lesson.video',
        entity: 'lesson',
        entityId: video.lessonId,
        before: changed.before,
        after: { ...changed.after, upload: video.upload },
      },
      now,
    );
    return bumped.version;
  });
}

/** One change of a lesson's caption tracks, drafted like every content edit and audited before and after. */
function editCaptions(
  db: Db,
  actor: Actor,
  target: { courseId: string; lessonId: string; version: number },
  now: Date,
  change: (captions: CaptionRef[]) => CaptionRef[],
): Promise<AdminCourseDetail> {
  return editContent(db, actor, target.courseId, target.version, now, async (tx, working) => {
    const lesson = await lessonOf(tx, working, target.lessonId);
    if (!lesson) throw notFound(NO_LESSON, 'lesson_not_found');
    const captions = change(lesson.captions);
    await tx.update(lessons).set({ captions }).where(eq(lessons.id, lesson.id));
    return {
      audit: {
        action: 'lesson.captions',
        entity: 'lesson',
        entityId: target.lessonId,
        before: { captions: lesson.captions },
        after: { captions },
      },
    };
  });
}

/** Adds the lesson's captions in `lang`, or replaces the ones it had in that language (the label too). */
export function setLessonCaptions(
  db: Db,
  actor: Actor,
  target: { courseId: string; lessonId: string; version: number },
  track: CaptionRef,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCaptions(db, actor, target, now, (captions) =>
    captions.some((c) => c.lang === track.lang)
      ? captions.map((c) => (c.lang === track.lang ? track : c))
      : [...captions, track],
  );
}

/**
 * Removes the lesson's captions in `lang`. The file stays in the media store: the published lesson may still
 * play it while this edit waits in a draft (decision 021).
 */
export function removeLessonCaptions(
  db: Db,
  actor: Actor,
  target: { courseId: string; lessonId: string; version: number },
  lang: string,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCaptions(db, actor, target, now, (captions) => {
    if (!captions.some((c) => c.lang === lang)) {
      throw notFound('This lesson has no captions in that language.', 'captions_not_found');
    }
    return captions.filter((c) => c.lang !== lang);
  });
}

/** Sets the course's thumbnail: a path under the thumbnails the web serves (/thumbnails/<path>). */
export async function setCourseThumbnail(
  db: Db,
  actor: Actor,
  target: { courseId: string; version: number },
  thumbnail: string,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, target.courseId, target.version, now, async (_tx, working, before) => ({
    content: { thumbnail },
    audit: {
      action: 'course.thumbnail',
      entity: 'course',
      entityId: target.courseId,
      before: { thumbnail: (working.draft ?? before).thumbnail },
      after: { thumbnail },
    },
  }));
}
