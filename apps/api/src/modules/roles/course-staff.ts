import type { StaffRole } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseInstructors } from '../../db/schema.ts';

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
  return viewer.roles.includes('instructor') && isInstructorOf(db, viewer.id, courseId);
}
