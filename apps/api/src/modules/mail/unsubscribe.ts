import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, apiPath, endpoints } from '@kaushal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailMessages, users } from '../../db/schema.ts';

const sign = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`course-reminders-unsubscribe:${userId}`).digest('base64url');

/** The reminder's unsubscribe link: signed with the session secret, valid until that secret changes. */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}${API_PREFIX}${apiPath(endpoints.emailUnsubscribePage, {}, { token: `${userId}.${sign(secret, userId)}` })}`;
}

/** The learner a token names, when its signature is ours (compared in constant time); otherwise null. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, given] = token.split('.');
  if (!userId || !given) return null;
  const expected = Buffer.from(sign(secret, userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}

/**
 * Turns course reminders off (the stored setting the settings page shows) and drops reminders still queued.
 * False when the account no longer exists.
 */
export async function turnRemindersOff(db: Db, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ settings: sql`${users.settings} || '{"courseReminders": false}'::jsonb`, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await tx
      .delete(emailMessages)
      .where(
        and(eq(emailMessages.userId, userId), eq(emailMessages.kind, 'reminder'), eq(emailMessages.status, 'queued')),
      );
    return true;
  });
}
