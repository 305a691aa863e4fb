import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, courses, emailMessages, enrollments, learnerVersions, users } from '../../db/schema.ts';
import { sessionsChanged } from '../auth/index.ts';
import { tombstoneCertificates } from '../certificates/index.ts';

/**
 * Deletes the learner and everything personal with them, in one transaction. The foreign keys do most of
 * it: sessions, sign-in accounts, enrollments, progress, free-lesson completions, video sessions and their
 * events, notes and bookmarks are deleted (ON DELETE CASCADE); payment orders stay for tax and accounting with user_id set to null
 * (ON DELETE SET NULL), as the privacy policy says.
 * Contact messages are deleted here, not detached: every field of one is personal (name, email, phone, and
 * free text that may hold anything), so an anonymised copy would keep nothing worth keeping, and no law asks
 * us to keep them. That covers the messages sent signed in and those sent signed out from the account's email,
 * which the sign-in provider verified as the learner's. So is the learner's email (queued or sent), so that
 * a delivery job still waiting finds nothing to send.
 * Returns false when the learner was already gone.
 */
export async function deleteAccount(db: Db, userId: string, now: Date): Promise<boolean> {
  const result = await db.transaction(async (tx) => {
    // Locking the user row first makes a concurrent enrollment (whose foreign key check needs this row)
    // wait and then fail, so the course counts below cannot miss one.
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
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
    await tx
      .delete(contactMessages)
      .where(
        or(eq(contactMessages.userId, userId), eq(sql`lower(${contactMessages.email})`, user.email.toLowerCase())),
      );
    // Queued and sent mail tied to the account goes with it (ON DELETE CASCADE); mail to its address sent
    // before signing in (a contact acknowledgement) is removed here, so nothing queued reaches a deleted account.
    await tx.delete(emailMessages).where(eq(emailMessages.toAddress, user.email.toLowerCase()));
    // Certificates stay as tombstones (no name; the user id goes with the user row): their public pages then
    // say the certificate no longer exists.
    await tombstoneCertificates(tx, userId, now);
    await tx.delete(users).where(eq(users.id, userId));
    // The dashboard's version counter (decision 035) has no foreign key, and the cascade's deletes just moved it:
    // removed after them, so no row keeps the deleted learner's id.
    await tx.delete(learnerVersions).where(eq(learnerVersions.userId, userId));
    return true;
  });
  // The learner's sessions went with the account: this process's memory of them goes now (decision 041).
  sessionsChanged();
  return result;
}
