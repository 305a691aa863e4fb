import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { grantAccess } from './grant.ts';

/**
 * The free path: only a published course priced exactly 0. A free enrollment is permanent, and enrolling
 * again changes nothing.
 */
export async function enrollForFree(db: Db, userId: string, courseId: string, now: Date): Promise<void> {
  const [course] = await db
    .select({ pricePaise: courses.pricePaise })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.published, true)))
    .limit(1);
  if (!course) throw notFound('We could not find that course.', 'course_not_found');
  if (course.pricePaise !== 0) {
    throw badRequest('This course is not free. Choose a pricing option to enroll.', 'course_not_free');
  }
  await db.transaction((tx) => grantAccess(tx, { userId, courseId, accessType: 'permanent', source: 'free', now }));
}
