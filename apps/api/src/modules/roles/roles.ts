import type { AdminUser, StaffRole } from '@kaushal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { sessionsChanged } from '../auth/index.ts';

/**
 * Sets a user's staff roles to exactly `roles`, with one audit row per role granted or revoked. An admin cannot
 * take their own admin role away (the console would lose its last door); another admin can.
 */
export async function setRoles(
  db: Db,
  actor: Actor,
  userId: string,
  roles: StaffRole[],
  now: Date,
): Promise<AdminUser> {
  const wanted = [...new Set(roles)].sort();
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound('There is no user with this id.', 'user_not_found');
    const current = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map(
      (r) => r.role,
    );
    if (actor.id === userId && current.includes('admin') && !wanted.includes('admin')) {
      throw conflict('You cannot remove your own admin role. Ask another admin.', 'own_admin_role');
    }
    const granted = wanted.filter((role) => !current.includes(role));
    const revoked = current.filter((role) => !wanted.includes(role));
    if (revoked.length > 0) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, revoked)));
    }
    if (granted.length > 0) {
      await tx.insert(userRoles).values(granted.map((role) => ({ userId, role, grantedAt: now, grantedBy: actor.id })));
    }
    for (const role of granted) {
      await recordAudit(
        tx,
        actor,
        { action: 'role.grant', entity: 'user', entityId: userId, before: null, after: { email: user.email, role } },
        now,
      );
    }
    for (const role of revoked) {
      await recordAudit(
        tx,
        actor,
        { action: 'role.revoke', entity: 'user', entityId: userId, before: { email: user.email, role }, after: null },
        now,
      );
    }
    return { ...user, roles: wanted };
  });
  // Sessions of this process that rode on the old roles are read again (decision 041).
  sessionsChanged();
  return result;
}

/**
 * Grants a role outside the console (the `npm run admin` CLI, ADMIN_EMAILS at sign-in): nothing when the user
 * already holds it, otherwise the role and its audit row. False when no user has this email yet.
 */
export async function grantRoleByEmail(
  db: Db,
  email: string,
  role: StaffRole,
  source: string,
  now: Date,
): Promise<'granted' | 'already' | 'no_user'> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user) return 'no_user';
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: user.id, role, grantedAt: now })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    if (inserted.length === 0) return 'already';
    await recordAudit(
      tx,
      { id: null, email: source },
      { action: 'role.grant', entity: 'user', entityId: user.id, before: null, after: { email, role } },
      now,
    );
    return 'granted';
  });
}

/** Takes a role away outside the console (the CLI). False when the user did not hold it. */
export async function revokeRoleByEmail(
  db: Db,
  email: string,
  role: StaffRole,
  source: string,
  now: Date,
): Promise<'revoked' | 'not_held' | 'no_user'> {
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user) return 'no_user';
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, role)))
      .returning({ userId: userRoles.userId });
    if (removed.length === 0) return 'not_held';
    await recordAudit(
      tx,
      { id: null, email: source },
      { action: 'role.revoke', entity: 'user', entityId: user.id, before: { email, role }, after: null },
      now,
    );
    return 'revoked';
  });
  // Sessions of this process that rode on the old roles are read again (decision 041).
  sessionsChanged();
  return result;
}
