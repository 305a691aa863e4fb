import type { StaffRole } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CaptionRef, courses, lessons } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { type CourseAccess, getCourseAccess } from '../enrollment/index.ts';
import { canPreviewCourse } from '../roles/index.ts';

export interface LessonRow {
  id: string;
  courseId: string;
  title: string;
  description: string;
  isFree: boolean;
  durationSeconds: number;
  videoType: 'direct' | 'youtube' | null;
  videoRef: string | null;
  captions: CaptionRef[];
}

/** What deciding whether a lesson plays needs of it (the progress writer reads only this, per report). */
export type PlayableFacts = Pick<
  LessonRow,
  'id' | 'courseId' | 'isFree' | 'durationSeconds' | 'videoType' | 'videoRef'
>;

export interface PlayableLesson {
  lesson: LessonRow;
  access: CourseAccess;
}

export const LESSON_NOT_FOUND = 'We could not find that lesson.';
export const ENROLLMENT_REQUIRED = 'Please enroll in the course to access this lesson.';
export const NO_VIDEO = "This lesson doesn't have a video yet.";

/**
 * The lesson if this learner may play it: a free lesson for any signed-in learner, any lesson while the
 * learner's access to the course lasts. 404 for an unknown lesson or an unpublished course, 403 otherwise
 * (with the renewal message when weekly access has expired). Staff who may preview the course (admin, support,
 * its instructors) play every lesson of it, published or not: the console's preview.
 */
export async function findPlayableLesson(
  db: Db,
  lessonId: string,
  viewer: { id: string; roles: readonly StaffRole[] },
  now: Date,
): Promise<PlayableLesson> {
  const userId = viewer.id;
  const [lesson] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      title: lessons.title,
      description: lessons.description,
      isFree: lessons.isFree,
      durationSeconds: lessons.durationSeconds,
      videoType: lessons.videoType,
      videoRef: lessons.videoRef,
      captions: lessons.captions,
      published: courses.published,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!lesson) throw notFound(LESSON_NOT_FOUND, 'lesson_not_found');
  const preview = viewer.roles.length > 0 && (await canPreviewCourse(db, viewer, lesson.courseId));
  if (!lesson.published && !preview) throw notFound(LESSON_NOT_FOUND, 'lesson_not_found');
  const access = await getCourseAccess(db, userId, lesson.courseId, now);
  return { lesson: requirePlayable(lesson, access, preview), access };
}

/**
 * Pure: the lesson if the learner may play it with this access, else the 404 or 403 findPlayableLesson
 * answers (for callers that read the lesson and the access themselves, in batches: the progress writer).
 */
export function requirePlayable<L extends PlayableFacts & { published: boolean }>(
  lesson: L | undefined,
  access: CourseAccess,
  preview: boolean,
): Omit<L, 'published'> {
  if (!lesson || (!lesson.published && !preview)) throw notFound(LESSON_NOT_FOUND, 'lesson_not_found');
  if (!lesson.isFree && !access.isEnrolled && !preview) {
    const status = access.enrollmentStatus;
    if (status && !status.enrolled) throw forbidden(status.message, 'access_expired');
    throw forbidden(ENROLLMENT_REQUIRED, 'enrollment_required');
  }
  const { published: _published, ...row } = lesson;
  return row;
}

/** The lesson's video as stored, or 404 when it has none yet. */
export function requireVideo(lesson: Pick<LessonRow, 'videoType' | 'videoRef'>): {
  type: 'direct' | 'youtube';
  ref: string;
} {
  if (!lesson.videoType || !lesson.videoRef) throw notFound(NO_VIDEO, 'no_video');
  return { type: lesson.videoType, ref: lesson.videoRef };
}
