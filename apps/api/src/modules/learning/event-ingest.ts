import type { VideoEvent } from '@kaushal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type BatchOptions, startBatch } from '../../lib/batching.ts';
import { forbidden, isDatabaseUnavailable } from '../../lib/errors.ts';

export const SESSION_MISMATCH = 'These events name a video session that is not yours or not of this lesson.';

/** A PostgreSQL array literal of values already validated as UUIDs, event types or finite numbers. */
const arrayLiteral = (values: ReadonlyArray<string | number>) => `{${values.join(',')}}`;

interface PendingBatch {
  userId: string;
  lessonId: string;
  events: readonly VideoEvent[];
  now: Date;
  resolve: (accepted: number) => void;
  reject: (error: unknown) => void;
}

/** At most this many events go into one statement; a larger backlog is written in several. */
const MAX_EVENTS_PER_STATEMENT = 5000;

/**
 * Stores watch events with group commit: batches from requests that arrive while a write is in flight are
 * written together by the next statement, so under load one INSERT carries many learners' batches instead
 * of one per request. A request is answered only after the statement that holds its events has committed,
 * so an acknowledged event is in the database (a crash loses only unacknowledged ones, which the player
 * keeps and re-sends).
 *
 * Each request stays all-or-nothing: the statement checks every batch's sessions against its own learner
 * and lesson and inserts only the batches that pass; the others are refused with 403.
 */
export class EventWriter {
  private queue: PendingBatch[] = [];
  private writing = false;
  private drained?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly onStored: (count: number) => void = () => {},
    private readonly options: BatchOptions = {},
  ) {}

  write(userId: string, lessonId: string, events: readonly VideoEvent[], now: Date): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, lessonId, events, now, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      this.drained = new Promise<void>((done) => startBatch(this.options, () => this.drain().finally(done)));
    });
  }

  /** Resolves once every batch received so far is settled: the app's close waits for it (as ProgressWriter's). */
  async settled(): Promise<void> {
    while (this.writing) await this.drained;
  }

  private async drain() {
    try {
      while (this.queue.length > 0) {
        const group: PendingBatch[] = [];
        let size = 0;
        while (
          this.queue.length > 0 &&
          (group.length === 0 || size + (this.queue[0]?.events.length ?? 0) <= MAX_EVENTS_PER_STATEMENT)
        ) {
          const next = this.queue.shift() as PendingBatch;
          group.push(next);
          size += next.events.length;
        }
        await this.writeGroup(group);
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: PendingBatch[]) {
    const req: number[] = [];
    const users: string[] = [];
    const lessons: string[] = [];
    const sessions: string[] = [];
    const types: string[] = [];
    const positions: number[] = [];
    const times: string[] = [];
    group.forEach((batch, index) => {
      const at = batch.now.toISOString();
      for (const e of batch.events) {
        req.push(index);
        users.push(batch.userId);
        lessons.push(batch.lessonId);
        sessions.push(e.sessionId);
        types.push(e.eventType);
        positions.push(e.positionSec);
        times.push(at);
      }
    });
    try {
      const result = await this.db.execute<{ req: number }>(sql`
        with batch as (
          select * from unnest(
            ${arrayLiteral(req)}::int[], ${arrayLiteral(users)}::uuid[], ${arrayLiteral(lessons.map(quote))}::text[],
            ${arrayLiteral(sessions)}::uuid[], ${arrayLiteral(types)}::text[], ${arrayLiteral(positions)}::real[],
            ${arrayLiteral(times.map(quote))}::timestamptz[]
          ) with ordinality as b(req, user_id, lesson_id, session_id, event_type, position_sec, created_at, ord)
        ), refused as (
          select distinct b.req from batch b
          left join video_sessions vs on vs.id = b.session_id and vs.user_id = b.user_id and vs.lesson_id = b.lesson_id
          where vs.id is null
        ), inserted as (
          insert into video_events (session_id, event_type, position_sec, created_at)
          select session_id, event_type, position_sec, created_at from batch
          where req not in (select req from refused)
          order by ord
          returning 1
        )
        select req from refused
      `);
      const rows =
        (result as unknown as { rows?: Array<{ req: number }> }).rows ?? (result as unknown as Array<{ req: number }>);
      const refused = new Set(rows.map((r) => Number(r.req)));
      let stored = 0;
      group.forEach((batch, index) => {
        if (refused.has(index)) batch.reject(forbidden(SESSION_MISMATCH, 'session_mismatch'));
        else {
          stored += batch.events.length;
          batch.resolve(batch.events.length);
        }
      });
      this.onStored(stored);
    } catch (error) {
      // Batches queued behind a statement that found the database unavailable waited through the same outage;
      // a statement of their own would double their wait past the pool's timeouts. They fail with it (the
      // player keeps unacknowledged events and sends them again).
      const failed = isDatabaseUnavailable(error) ? [...group, ...this.queue.splice(0)] : group;
      for (const batch of failed) batch.reject(error);
    }
  }
}

/** Lesson ids are slugs and timestamps ISO strings; quoted so the array literal keeps them whole. */
function quote(value: string): string {
  return `"${value}"`;
}
