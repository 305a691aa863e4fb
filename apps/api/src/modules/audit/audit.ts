import type { AuditList } from '@kaushal/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Who made a staff write, as the audit log records it (a person, or the CLI / ADMIN_EMAILS by name). */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditEntryInput {
  /** e.g. course.update, tier.create, role.grant */
  action: string;
  entity: 'course' | 'tier' | 'lesson' | 'user' | 'coupon' | 'order' | 'ticket' | 'analytics';
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Only what changed, on both sides: a title edit records the old and new title, not the whole course. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** Writes the audit row inside the staff write's own transaction: the write and its record commit together. */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntryInput, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: now,
  });
}

export async function listAudit(
  db: Db,
  query: {
    entity?: string | undefined;
    entityId?: string | undefined;
    actor?: string | undefined;
    page: number;
    size: number;
  },
): Promise<AuditList> {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.actor) filters.push(eq(auditLog.actorEmail, query.actor.toLowerCase()));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const n = total?.n ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actor: row.actorEmail,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(n / query.size)),
    total: n,
  };
}
