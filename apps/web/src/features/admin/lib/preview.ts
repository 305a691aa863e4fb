import type { AdminCourseDetail } from '@kaushal/contract';

type Course = Pick<AdminCourseDetail, 'id' | 'draft'>;

/** Where staff see the course as a learner will: its draft while it has unpublished changes. */
export const coursePreviewPath = (course: Course) =>
  `/course/${encodeURIComponent(course.draft?.previewId ?? course.id)}`;

/** The lesson open in the player on that page (the course page's `?lesson=` deep link). */
export const lessonPreviewPath = (course: Course, lesson: Pick<AdminCourseDetail['lessons'][number], 'previewId'>) =>
  `${coursePreviewPath(course)}?lesson=${encodeURIComponent(lesson.previewId)}`;
