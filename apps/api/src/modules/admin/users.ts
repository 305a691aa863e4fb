import type { StaffRole } from '@kaushal/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';

/** An ILIKE pattern matching `text` anywhere, its own %, _ and backslashes taken literally. */
export const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function rolesOf(db: Db, ids: string[]): Promise<Map<string, StaffRole[]>> {
  const map = new Map<string, StaffRole[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, ids))
    .orderBy(asc(userRoles.role));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.role]);
  return map;
}

/** Users by name or email (for granting roles and assigning instructors), or everyone holding a role. */
export async function searchUsers(
  db: Db,
  query: { q?: string | undefined; role?: StaffRole | undefined; page: number; size: number },
) {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likeEscaped(query.q);
    filters.push(or(ilike(users.email, pattern), ilike(users.name, pattern)) as SQL);
  }
  if (query.role) {
    filters.push(
      inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, query.role))),
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(users.email))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  const n = total?.n ?? 0;
  return {
    items: rows.map((row) => ({ ...row, roles: roles.get(row.id) ?? [] })),
    page: query.page,
    pages: Math.max(1, Math.ceil(n / query.size)),
    total: n,
  };
}
