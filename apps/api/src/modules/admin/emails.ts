import type { AdminEmailList } from '@kaushal/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailMessages } from '../../db/schema.ts';

/** The outbox as staff read it: what went out, what is waiting, what failed and why (never the body). */
export async function listEmails(
  db: Db,
  query: { status?: 'queued' | 'sent' | 'failed' | undefined; to?: string | undefined; page: number; size: number },
): Promise<AdminEmailList> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(emailMessages.status, query.status));
  if (query.to) filters.push(eq(emailMessages.toAddress, query.to.toLowerCase()));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(emailMessages).where(where);
  const rows = await db
    .select({
      id: emailMessages.id,
      kind: emailMessages.kind,
      to: emailMessages.toAddress,
      subject: emailMessages.subject,
      status: emailMessages.status,
      attempts: emailMessages.attempts,
      lastError: emailMessages.lastError,
      createdAt: emailMessages.createdAt,
      sentAt: emailMessages.sentAt,
    })
    .from(emailMessages)
    .where(where)
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const n = total?.n ?? 0;
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(n / query.size)),
    total: n,
  };
}
