import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type Outbox, queueWelcome } from '../mail/index.ts';
import { grantAccess } from './grant.ts';

/**
 * The free path: only a published course priced exactly 0. A free enrollment is permanent, and enrolling
 * again changes nothing. The first enrollment queues the welcome email in the same transaction.
 */
export async function enrollForFree(
  deps: { db: Db; outbox: Outbox },
  userId: string,
  courseId: string,
  now: Date,
): Promise<void> {
  const { db, outbox } = deps;
  const [course] = await db
    .select({ pricePaise: courses.pricePaise })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.published, true)))
    .limit(1);
  if (!course) throw notFound('We could not find that course.', 'course_not_found');
  if (course.pricePaise !== 0) {
    throw badRequest('This course is not free. Choose a pricing option to enroll.', 'course_not_free');
  }
  await db.transaction(async (tx) => {
    const granted = await grantAccess(tx, { userId, courseId, accessType: 'permanent', source: 'free', now });
    // The welcome commits with the enrollment: enrolling again (created false) sends nothing.
    if (granted.created) await queueWelcome(tx, outbox, { userId, courseId, now });
  });
}
