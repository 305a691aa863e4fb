import type { AccessType } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, enrollments } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { grantAccess, removeEnrollment } from '../enrollment/index.ts';
import { type Outbox, queueAccessGrant } from '../mail/index.ts';
import { findLearner } from './learner-page.ts';

export interface CourseAccessDeps {
  db: Db;
  outbox: Outbox;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const enrollmentOf = (userId: string, courseId: string) =>
  and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId));

/**
 * Support or an admin gives a learner access to a published course: lifetime, or a week from now (from the end of
 * a week still running, as a bought week would). The enrollment is marked 'staff', so no refund takes it back;
 * the audit row (with the reason) and the learner's email commit with it. A grant that would change nothing
 * (lifetime access already, not resting on a payment) is refused, so the log holds only grants that did something.
 */
export async function grantCourseAccess(
  deps: CourseAccessDeps,
  actor: Actor,
  learnerId: string,
  input: { courseId: string; accessType: AccessType; reason: string },
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const learner = await findLearner(tx, learnerId);
    const [course] = await tx
      .select({ id: courses.id, title: courses.title, published: courses.published, draftOf: courses.draftOf })
      .from(courses)
      .where(eq(courses.id, input.courseId))
      .limit(1);
    // A draft is staff's working copy of a course, never a course of its own.
    if (!course || course.draftOf) throw notFound('There is no course with this id.', 'course_not_found');
    if (!course.published) {
      throw conflict(
        `${course.title} is not published, so the learner could not open it. Publish it first.`,
        'course_not_published',
      );
    }
    const [current] = await tx
      .select({ accessType: enrollments.accessType, expiresAt: enrollments.expiresAt, source: enrollments.source })
      .from(enrollments)
      .where(enrollmentOf(learnerId, course.id))
      .for('update');
    // Lifetime access bought is still worth a grant: marked 'staff', a refund of the purchase no longer ends it.
    if (current?.accessType === 'permanent' && (input.accessType === 'weekly' || current.source !== 'payment')) {
      throw conflict(`${learner.name} already has lifetime access to ${course.title}.`, 'access_already_lifetime');
    }
    const granted = await grantAccess(tx, {
      userId: learnerId,
      courseId: course.id,
      accessType: input.accessType,
      source: 'staff',
      now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'access.grant',
        entity: 'user',
        entityId: learnerId,
        before: {
          course: course.id,
          accessType: current?.accessType ?? null,
          expiresAt: iso(current?.expiresAt ?? null),
          source: current?.source ?? null,
        },
        after: {
          course: course.id,
          accessType: granted.access.accessType,
          expiresAt: iso(granted.access.expiresAt),
          source: 'staff',
          reason: input.reason,
        },
      },
      now,
    );
    await queueAccessGrant(tx, deps.outbox, {
      learner,
      course,
      accessUntil: granted.access.expiresAt,
      now,
    });
  });
}

/**
 * Support or an admin ends a learner's enrollment in a course, however it was gained (free, bought, granted):
 * their decision, with the reason in the audit log. Orders and certificates stay as they are; 404 when the
 * learner is not enrolled.
 */
export async function revokeCourseAccess(
  deps: CourseAccessDeps,
  actor: Actor,
  learnerId: string,
  courseId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const learner = await findLearner(tx, learnerId);
    const [current] = await tx
      .select({ accessType: enrollments.accessType, expiresAt: enrollments.expiresAt, source: enrollments.source })
      .from(enrollments)
      .where(enrollmentOf(learnerId, courseId))
      .for('update');
    if (!current) throw notFound(`${learner.name} is not enrolled in this course.`, 'enrollment_not_found');
    await removeEnrollment(tx, learnerId, courseId);
    await recordAudit(
      tx,
      actor,
      {
        action: 'access.revoke',
        entity: 'user',
        entityId: learnerId,
        before: {
          course: courseId,
          accessType: current.accessType,
          expiresAt: iso(current.expiresAt),
          source: current.source,
        },
        after: { course: courseId, accessType: null, expiresAt: null, source: null, reason },
      },
      now,
    );
  });
}
