import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, enrollments, users } from '../../db/schema.ts';

/**
 * Deletes the learner and everything personal with them, in one transaction. The foreign keys do the
 * rest: sessions, sign-in accounts, enrollments, progress, free-lesson completions, video sessions and their
 * events are deleted (ON DELETE CASCADE); payment orders stay for accounting and contact messages stay as
 * support history, both with user_id set to null (ON DELETE SET NULL).
 * Returns false when the learner was already gone.
 */
export async function deleteAccount(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locking the user row first makes a concurrent enrollment (whose foreign key check needs this row)
    // wait and then fail, so the course counts below cannot miss one.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return false;
    // Course student counts follow the enrollment rows (see enrollment/grant.ts); these rows are about to go.
    await tx
      .update(courses)
      .set({ enrolledCount: sql`greatest(${courses.enrolledCount} - 1, 0)` })
      .where(
        inArray(
          courses.id,
          tx.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, userId)),
        ),
      );
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}
