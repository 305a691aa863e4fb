import type { VideoEvent } from '@kaushal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';

export const SESSION_MISMATCH = 'These events name a video session that is not yours or not of this lesson.';

/** A PostgreSQL array literal of values already validated as UUIDs, event types or finite numbers. */
const arrayLiteral = (values: ReadonlyArray<string | number>) => `{${values.join(',')}}`;

/**
 * Stores a batch of watch events in ONE statement: the ownership check (every session of the batch belongs
 * to this learner and this lesson) and the multi-row insert run together, all or nothing. Values travel as
 * three array parameters unnested server-side, so the statement is the same for 1 or 100 events and no
 * per-event query is made.
 */
export async function ingestEvents(
  db: Db,
  userId: string,
  lessonId: string,
  events: readonly VideoEvent[],
  now: Date,
): Promise<number> {
  const sessionIds = [...new Set(events.map((e) => e.sessionId.toLowerCase()))];
  const result = await db.execute<{ inserted: number }>(sql`
    with owned as (
      select count(*)::int as n from video_sessions
      where id = any(${arrayLiteral(sessionIds)}::uuid[]) and user_id = ${userId} and lesson_id = ${lessonId}
    ), inserted as (
      insert into video_events (session_id, event_type, position_sec, created_at)
      select e.session_id, e.event_type, e.position_sec, ${now.toISOString()}::timestamptz
      from unnest(
        ${arrayLiteral(events.map((e) => e.sessionId))}::uuid[],
        ${arrayLiteral(events.map((e) => e.eventType))}::text[],
        ${arrayLiteral(events.map((e) => e.positionSec))}::real[]
      ) as e(session_id, event_type, position_sec)
      where (select n from owned) = ${sessionIds.length}
      returning 1
    )
    select count(*)::int as inserted from inserted
  `);
  const rows =
    (result as unknown as { rows?: Array<{ inserted: number }> }).rows ??
    (result as unknown as Array<{ inserted: number }>);
  const inserted = Number(rows[0]?.inserted ?? 0);
  if (inserted !== events.length) throw forbidden(SESSION_MISMATCH, 'session_mismatch');
  return inserted;
}
