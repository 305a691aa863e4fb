import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/** The tables a request can write: learners, their sessions and everything they leave behind, and staff's. */
export const WRITTEN_TABLES = [
  'users',
  'sessions',
  'oauth_accounts',
  'contact_messages',
  'ticket_entries',
  'enrollments',
  'free_lesson_completions',
  'payment_orders',
  'lesson_progress',
  'video_sessions',
  'video_events',
  'email_messages',
  // Staff writes (the console): the catalogue they edit, roles, assignments and the audit log.
  'courses',
  'sections',
  'lessons',
  'pricing_tiers',
  'course_instructors',
  'user_roles',
  'audit_log',
] as const;

export type TableFingerprint = Record<(typeof WRITTEN_TABLES)[number], { rows: number; digest: string }>;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * Row count and a digest of every row's content, per written table: an insert changes the count, and an
 * update (a renamed learner, moved progress) changes the digest even when the count stays.
 */
export async function fingerprintTables(db: Db): Promise<TableFingerprint> {
  const parts = WRITTEN_TABLES.map(
    (table) =>
      sql`select ${table} as name, count(*)::int as rows,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table)} t`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  const out = {} as TableFingerprint;
  for (const row of rowsOf<{ name: (typeof WRITTEN_TABLES)[number]; rows: number; digest: string }>(result)) {
    out[row.name] = { rows: Number(row.rows), digest: row.digest };
  }
  return out;
}
