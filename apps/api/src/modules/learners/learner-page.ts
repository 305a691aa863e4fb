import type { AdminLearner, ContactCategory } from '@kaushal/contract';
import { and, asc, count, desc, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  certificates,
  contactMessages,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  paymentOrders,
  userRoles,
  users,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { courseCompletionPercent } from '../refunds/index.ts';

export const LEARNER_NOT_FOUND = 'There is no learner with this id. The account may have been deleted.';

/** The account, or a 404. */
export async function findLearner(db: Db | Tx, id: string) {
  const [learner] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!learner) throw notFound(LEARNER_NOT_FOUND, 'learner_not_found');
  return learner;
}

/**
 * Every course the learner enrolled in or watched part of (free previews count), with lessons completed out of
 * the course's lessons and the honest completion the refund policy measures (distinct seconds watched).
 */
async function progressOf(db: Db, userId: string): Promise<AdminLearner['progress']> {
  const watched = await db
    .select({
      courseId: lessonProgress.courseId,
      completed: sql<number>`count(*) filter (where ${lessonProgress.completed})`,
      lastActivityAt: max(lessonProgress.updatedAt),
    })
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .groupBy(lessonProgress.courseId);
  const enrolled = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, userId));
  const ids = [...new Set([...watched, ...enrolled].map((row) => row.courseId))];
  if (ids.length === 0) return [];
  const [titles, totals] = await Promise.all([
    db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, ids)),
    db
      .select({ courseId: lessons.courseId, n: count() })
      .from(lessons)
      .where(inArray(lessons.courseId, ids))
      .groupBy(lessons.courseId),
  ]);
  const byCourse = new Map(watched.map((row) => [row.courseId, row]));
  const lessonsOf = new Map(totals.map((row) => [row.courseId, Number(row.n)]));
  const rows = await Promise.all(
    titles.map(async (course) => ({
      courseId: course.id,
      courseTitle: course.title,
      lessonsTotal: lessonsOf.get(course.id) ?? 0,
      lessonsCompleted: Number(byCourse.get(course.id)?.completed ?? 0),
      // Rounded down: 99.6% watched is not all of it.
      watchedPercent: Math.floor(await courseCompletionPercent(db, userId, course.id)),
      lastActivityAt: byCourse.get(course.id)?.lastActivityAt?.toISOString() ?? null,
    })),
  );
  return rows.sort((a, b) => a.courseTitle.localeCompare(b.courseTitle));
}

/** A learner's page in the console: the account, enrollments, progress, orders, certificates and messages. */
export async function learnerPage(db: Db, id: string, now: Date): Promise<AdminLearner> {
  const learner = await findLearner(db, id);
  const [roles, enrolled, progress, orders, held, messages] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)).orderBy(asc(userRoles.role)),
    db
      .select({ enrollment: enrollments, courseTitle: courses.title })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.userId, id))
      .orderBy(desc(enrollments.createdAt), asc(enrollments.courseId)),
    progressOf(db, id),
    db
      .select({ order: paymentOrders, courseTitle: courses.title })
      .from(paymentOrders)
      .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
      .where(eq(paymentOrders.userId, id))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(100),
    db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, id), isNull(certificates.deletedAt)))
      .orderBy(desc(certificates.issuedAt)),
    // Written signed in, or signed out from the account's address (stored as typed, so compared in lower case).
    db
      .select({
        ticketId: contactMessages.ticketId,
        subject: contactMessages.subject,
        category: contactMessages.category,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(or(eq(contactMessages.userId, id), sql`lower(${contactMessages.email}) = ${learner.email}`))
      .orderBy(desc(contactMessages.createdAt))
      .limit(50),
  ]);
  return {
    id: learner.id,
    name: learner.name,
    email: learner.email,
    joinedAt: learner.createdAt.toISOString(),
    lastSignInAt: learner.lastLoginAt?.toISOString() ?? null,
    roles: roles.map((r) => r.role),
    enrollments: enrolled.map(({ enrollment, courseTitle }) => ({
      courseId: enrollment.courseId,
      courseTitle,
      accessType: enrollment.accessType,
      expiresAt: enrollment.expiresAt?.toISOString() ?? null,
      source: enrollment.source,
      active: enrollment.accessType === 'permanent' || (enrollment.expiresAt?.getTime() ?? 0) > now.getTime(),
      enrolledAt: enrollment.createdAt.toISOString(),
    })),
    progress,
    orders: orders.map(({ order, courseTitle }) => ({
      orderId: order.id,
      status: order.status,
      amount: order.amountPaise,
      refundedAmount: order.refundedPaise,
      courseId: order.courseId,
      courseTitle,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    })),
    certificates: held.map((certificate) => ({
      id: certificate.id,
      courseId: certificate.courseId,
      courseTitle: certificate.courseTitle,
      issuedAt: certificate.issuedAt.toISOString(),
      status: certificate.revokedAt ? 'revoked' : 'verified',
    })),
    messages: messages.map((message) => ({
      ...message,
      category: message.category as ContactCategory,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
