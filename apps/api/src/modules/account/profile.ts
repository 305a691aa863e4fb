import type { User } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/** Saves the learner's full name (already trimmed and validated by the contract's nameSchema). */
export async function renameUser(db: Db, userId: string, name: string, now: Date, roles: User['roles']): Promise<User> {
  const [user] = await db
    .update(users)
    .set({ name, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, name: users.name, avatarUrl: users.avatarUrl });
  if (!user) throw notFound('This account no longer exists.', 'account_not_found');
  return { ...user, roles };
}
