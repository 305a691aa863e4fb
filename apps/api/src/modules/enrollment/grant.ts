import type { AccessType, EnrollmentSource } from '@kaushal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { courses, enrollments, paymentOrders } from '../../db/schema.ts';
import type { EnrollmentRow } from './access.ts';

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Pure: the access a learner holds after gaining `grant` at `now`. Permanent wins and never expires; a week
 * runs from payment, and a week bought while one is still running starts where that one ends.
 */
export function nextAccess(current: EnrollmentRow | undefined, grant: AccessType, now: Date): EnrollmentRow {
  if (grant === 'permanent' || current?.accessType === 'permanent') return { accessType: 'permanent', expiresAt: null };
  const runningUntil = current?.expiresAt && current.expiresAt.getTime() > now.getTime() ? current.expiresAt : now;
  return { accessType: 'weekly', expiresAt: new Date(runningUntil.getTime() + WEEK_MS) };
}

const sameAccess = (a: EnrollmentRow, b: EnrollmentRow) =>
  a.accessType === b.accessType && (a.expiresAt?.getTime() ?? null) === (b.expiresAt?.getTime() ?? null);

export interface GrantInput {
  userId: string;
  courseId: string;
  accessType: AccessType;
  /** 'staff': a grant by support or an admin, which no refund takes back (see rebuildPaidAccess). */
  source: EnrollmentSource;
  now: Date;
}

const byLearnerAndCourse = (userId: string, courseId: string) =>
  and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId));

/**
 * Gives access inside the caller's transaction. The first grant inserts (and counts the learner on the
 * course); later ones lock the row and apply `nextAccess`. Insert-or-nothing first, so two first grants
 * racing each other meet on the unique key instead of failing.
 *
 * A staff grant marks the row 'staff' even when the access it gives is no more than the learner had (lifetime
 * bought, then granted: a refund of the purchase must not end it), and the mark stays when a payment later
 * extends the access: staff's decision is what a refund may not undo.
 */
export async function grantAccess(tx: Tx, input: GrantInput): Promise<{ created: boolean; access: EnrollmentRow }> {
  const { userId, courseId, now } = input;
  const first = nextAccess(undefined, input.accessType, now);
  const inserted = await tx
    .insert(enrollments)
    .values({ userId, courseId, ...first, source: input.source, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
    .returning({ id: enrollments.id });
  if (inserted.length > 0) {
    await tx
      .update(courses)
      .set({ enrolledCount: sql`${courses.enrolledCount} + 1` })
      .where(eq(courses.id, courseId));
    return { created: true, access: first };
  }
  const [current] = await tx
    .select({ accessType: enrollments.accessType, expiresAt: enrollments.expiresAt, source: enrollments.source })
    .from(enrollments)
    .where(byLearnerAndCourse(userId, courseId))
    .for('update');
  if (!current) throw new Error(`enrollment of ${userId} in ${courseId} vanished inside a transaction`);
  const next = nextAccess(current, input.accessType, now);
  const markStaff = input.source === 'staff' && current.source !== 'staff';
  if (!sameAccess(current, next) || markStaff) {
    await tx
      .update(enrollments)
      .set({ ...next, source: current.source === 'staff' ? 'staff' : input.source, updatedAt: now })
      .where(byLearnerAndCourse(userId, courseId));
  }
  return { created: false, access: next };
}

/**
 * After a refund: rebuilds paid access from the payments still standing (paid, in payment order), so a
 * refunded week or lifetime purchase is taken back exactly and nothing else is. A free enrollment was not
 * paid for and stays, and so does one staff granted. With no payment left, the enrollment goes and the
 * course's count follows.
 */
export async function rebuildPaidAccess(tx: Tx, userId: string, courseId: string, now: Date): Promise<void> {
  const [current] = await tx
    .select({ source: enrollments.source })
    .from(enrollments)
    .where(byLearnerAndCourse(userId, courseId))
    .for('update');
  if (!current || current.source === 'free' || current.source === 'staff') return;
  const standing = await tx
    .select({ accessType: paymentOrders.accessType, paidAt: paymentOrders.paidAt })
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.userId, userId), eq(paymentOrders.courseId, courseId), eq(paymentOrders.status, 'paid')),
    )
    .orderBy(asc(paymentOrders.paidAt));
  if (standing.length === 0) {
    await removeEnrollment(tx, userId, courseId);
    return;
  }
  let access: EnrollmentRow | undefined;
  for (const payment of standing) access = nextAccess(access, payment.accessType, payment.paidAt ?? now);
  if (access)
    await tx
      .update(enrollments)
      .set({ ...access, updatedAt: now })
      .where(byLearnerAndCourse(userId, courseId));
}

/** Ends a learner's enrollment, whatever gave it, and the course's count follows. False when there was none. */
export async function removeEnrollment(tx: Tx, userId: string, courseId: string): Promise<boolean> {
  const removed = await tx
    .delete(enrollments)
    .where(byLearnerAndCourse(userId, courseId))
    .returning({ id: enrollments.id });
  if (removed.length === 0) return false;
  await tx
    .update(courses)
    .set({ enrolledCount: sql`greatest(${courses.enrolledCount} - 1, 0)` })
    .where(eq(courses.id, courseId));
  return true;
}
