import type { EnrollmentStatus } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enrollments, freeLessonCompletions } from '../../db/schema.ts';

export interface EnrollmentRow {
  accessType: 'permanent' | 'weekly';
  expiresAt: Date | null;
}

export interface CourseAccess {
  /** True while the learner may play every lesson. */
  isEnrolled: boolean;
  /** Null when the learner never enrolled. */
  enrollmentStatus: EnrollmentStatus | null;
  hasCompletedFreeLesson: boolean;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
});

/** Pure: what an enrollment row means at `now`. */
export function describeEnrollment(row: EnrollmentRow | undefined, now: Date): EnrollmentStatus | null {
  if (!row) return null;
  if (row.accessType === 'permanent') {
    return { enrolled: true, status: 'permanent', message: 'You have lifetime access to this course.' };
  }
  const until = row.expiresAt ?? now;
  if (until.getTime() > now.getTime()) {
    return {
      enrolled: true,
      status: 'weekly',
      message: `Your weekly access is active until ${dateFormat.format(until)}.`,
    };
  }
  return {
    enrolled: false,
    status: 'expired',
    message: `Your weekly access expired on ${dateFormat.format(until)}. Renew to keep learning.`,
  };
}

export async function findEnrollment(db: Db, userId: string, courseId: string): Promise<EnrollmentRow | undefined> {
  const [row] = await db
    .select({ accessType: enrollments.accessType, expiresAt: enrollments.expiresAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row;
}

export async function getCourseAccess(
  db: Db,
  userId: string | undefined,
  courseId: string,
  now: Date,
): Promise<CourseAccess> {
  if (!userId) return { isEnrolled: false, enrollmentStatus: null, hasCompletedFreeLesson: false };
  const [row, completion] = await Promise.all([
    findEnrollment(db, userId, courseId),
    db
      .select({ courseId: freeLessonCompletions.courseId })
      .from(freeLessonCompletions)
      .where(and(eq(freeLessonCompletions.userId, userId), eq(freeLessonCompletions.courseId, courseId)))
      .limit(1),
  ]);
  const enrollmentStatus = describeEnrollment(row, now);
  return {
    isEnrolled: enrollmentStatus?.enrolled ?? false,
    enrollmentStatus,
    hasCompletedFreeLesson: completion.length > 0,
  };
}
