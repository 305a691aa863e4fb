import type { StaffRole } from '@kaushal/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseInstructors, courses } from '../../db/schema.ts';

export async function isInstructorOf(db: Db, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: courseInstructors.userId })
    .from(courseInstructors)
    .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Staff who may read a course in the console may also preview it as a learner sees it, published or not:
 * admin and support every course, an instructor the courses they teach.
 */
export async function canPreviewCourse(
  db: Db,
  viewer: { id: string; roles: readonly StaffRole[] },
  courseId: string,
): Promise<boolean> {
  if (viewer.roles.includes('admin') || viewer.roles.includes('support')) return true;
  return viewer.roles.includes('instructor') && isInstructorOf(db, viewer.id, await publicCourseOf(db, courseId));
}

/**
 * The course as staff know it: a draft's (modules/admin/drafts.ts) own course, any other course itself. A
 * draft is previewed by the staff of its course, with its course's pricing.
 */
export async function publicCourseOf(db: Db, courseId: string): Promise<string> {
  const [row] = await db
    .select({ draftOf: courses.draftOf })
    .from(courses)
    .where(and(eq(courses.id, courseId), isNotNull(courses.draftOf)))
    .limit(1);
  return row?.draftOf ?? courseId;
}
