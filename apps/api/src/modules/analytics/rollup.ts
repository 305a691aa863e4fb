import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { analyticsSessions, analyticsState } from '../../db/schema.ts';
import { pgArray } from '../../lib/pg-array.ts';
import {
  applyEvent,
  istDay,
  newSecondCounts,
  newSession,
  type SecondCounts,
  type SessionState,
  secondTotals,
  type VideoEventType,
} from './session-rollup.ts';

/** The bookmark of `analytics_state`: the last `video_events.id` rolled up. */
export const EVENTS_MARK = 'video_events';
/** Events read and rolled up per transaction. */
const DEFAULT_BATCH = 20_000;
/** Rows per upsert: one statement's arrays stay a few hundred KB. */
const WRITE_CHUNK = 5_000;
/** Any fixed number: the advisory lock that makes concurrent runs take batches one after another. */
const ROLLUP_LOCK = 2_026_026;

export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

interface EventRow {
  id: string | number;
  session_id: string;
  event_type: VideoEventType;
  position_sec: number;
  created_at: Date | string;
  lesson_id: string;
  user_id: string;
  course_id: string;
  is_free: boolean;
  duration_seconds: number;
}

export interface RollupResult {
  /** Events rolled up by this run. */
  events: number;
  /** The bookmark after the run. */
  mark: number;
}

/** The last event id rolled up (0: none yet). */
export async function rolledUpTo(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ value: analyticsState.value })
    .from(analyticsState)
    .where(sql`${analyticsState.key} = ${EVENTS_MARK}`);
  return row ? Number(row.value) : 0;
}

/**
 * The highest event id below which every event has committed. SHARE mode waits for the inserts in flight (they
 * hold ROW EXCLUSIVE until they commit) and holds new ones back for the instant it takes to read max(id): an
 * event with a smaller id can no longer appear afterwards, so the bookmark never skips a late commit.
 */
async function committedHorizon(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table video_events in share mode`);
    const [row] = rowsOf<{ max: string | number | null }>(
      await tx.execute(sql`select max(id) as max from video_events`),
    );
    return row?.max == null ? 0 : Number(row.max);
  });
}

/**
 * Rolls the video events stored since the last run into the analytics tables, batch by batch, each batch with
 * its bookmark in one transaction: a run that stops half way leaves whole batches done, and a second run (or two
 * at once) finds nothing left to do. Events stored while it runs are left for the next run.
 */
export async function rollUpVideoEvents(
  db: Db,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<RollupResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const horizon = await committedHorizon(db);
  let events = 0;
  let batches = 0;
  let mark = await rolledUpTo(db);
  while (mark < horizon && batches < (options.maxBatches ?? Number.POSITIVE_INFINITY)) {
    batches += 1;
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      const from = await rolledUpTo(tx);
      if (from >= horizon) return { count: 0, mark: from };
      const rows = rowsOf<EventRow>(
        await tx.execute(sql`
          select e.id, e.session_id, e.event_type, e.position_sec, e.created_at,
                 s.lesson_id, s.user_id, l.course_id, l.is_free, l.duration_seconds
          from video_events e
          join video_sessions s on s.id = e.session_id
          join lessons l on l.id = s.lesson_id
          where e.id > ${from} and e.id <= ${horizon}
          order by e.id
          limit ${batchSize}`),
      );
      // Events whose session was deleted since (an account deletion) have no join row: the bookmark passes them.
      const last = rows.length === batchSize ? Number(rows[rows.length - 1]?.id) : horizon;
      await applyBatch(tx, rows);
      await tx
        .insert(analyticsState)
        .values({ key: EVENTS_MARK, value: last })
        .onConflictDoUpdate({ target: analyticsState.key, set: { value: last, updatedAt: sql`now()` } });
      return { count: rows.length, mark: last };
    });
    events += done.count;
    mark = done.mark;
  }
  // When it last ran, also when there was nothing new (the console shows it).
  await db
    .insert(analyticsState)
    .values({ key: EVENTS_MARK, value: mark })
    .onConflictDoUpdate({ target: analyticsState.key, set: { updatedAt: sql`now()` } });
  return { events, mark };
}

interface Tracked {
  lessonId: string;
  day: string;
  state: SessionState;
  /** As stored before this batch (for the bucket deltas). */
  before: { viewer: boolean; reachBucket: number; lastBucket: number };
}

async function applyBatch(tx: Tx, rows: EventRow[]) {
  if (rows.length === 0) return;
  const sessionIds = [...new Set(rows.map((r) => r.session_id))];
  const stored = await tx.select().from(analyticsSessions).where(inArray(analyticsSessions.sessionId, sessionIds));
  const sessions = new Map<string, Tracked>();
  for (const s of stored) {
    sessions.set(s.sessionId, {
      lessonId: s.lessonId,
      day: s.day,
      state: {
        viewer: s.viewer,
        reachBucket: s.reachBucket,
        lastBucket: s.lastBucket,
        playingFrom: s.playingFrom,
        watched: s.watched,
      },
      before: { viewer: s.viewer, reachBucket: s.reachBucket, lastBucket: s.lastBucket },
    });
  }

  const seconds = new Map<string, SecondCounts>();
  const learners = new Map<string, { courseId: string; userId: string; free: string | null; paid: string | null }>();
  for (const row of rows) {
    const at = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
    let tracked = sessions.get(row.session_id);
    if (!tracked) {
      tracked = {
        lessonId: row.lesson_id,
        day: istDay(at),
        state: newSession(),
        before: { viewer: false, reachBucket: -1, lastBucket: -1 },
      };
      sessions.set(row.session_id, tracked);
    }
    let counts = seconds.get(row.lesson_id);
    if (!counts) {
      counts = newSecondCounts(row.duration_seconds);
      seconds.set(row.lesson_id, counts);
    }
    const firstPlay = applyEvent(tracked.state, row.event_type, Number(row.position_sec), row.duration_seconds, counts);
    if (firstPlay) {
      const key = `${row.course_id}\n${row.user_id}`;
      const entry = learners.get(key) ?? { courseId: row.course_id, userId: row.user_id, free: null, paid: null };
      const day = istDay(at);
      if (row.is_free) entry.free = entry.free && entry.free < day ? entry.free : day;
      else entry.paid = entry.paid && entry.paid < day ? entry.paid : day;
      learners.set(key, entry);
    }
  }

  // Per lesson, day and step: viewers newly reaching a step, and moves of where sessions were last seen.
  const buckets = new Map<string, { lessonId: string; day: string; bucket: number; reached: number; ended: number }>();
  const bump = (lessonId: string, day: string, bucket: number, field: 'reached' | 'ended', by: number) => {
    const key = `${lessonId}\n${day}\n${bucket}`;
    const entry = buckets.get(key) ?? { lessonId, day, bucket, reached: 0, ended: 0 };
    entry[field] += by;
    buckets.set(key, entry);
  };
  for (const { lessonId, day, state, before } of sessions.values()) {
    if (!state.viewer) continue;
    for (let step = before.reachBucket + 1; step <= state.reachBucket; step++) bump(lessonId, day, step, 'reached', 1);
    if (before.lastBucket !== state.lastBucket) {
      if (before.lastBucket >= 0) bump(lessonId, day, before.lastBucket, 'ended', -1);
      bump(lessonId, day, state.lastBucket, 'ended', 1);
    }
  }

  // Each upsert sends one array per column (unnest, decision 055): a handful of parameters whatever the rows, where a
  // multi-row VALUES built by the query builder costs a parameter, and its JavaScript, per value.
  for (const chunk of chunks([...sessions.entries()])) {
    const states = chunk.map(([, tracked]) => tracked.state);
    await tx.execute(sql`
      insert into analytics_sessions
        (session_id, lesson_id, day, viewer, reach_bucket, last_bucket, playing_from, watched)
      select * from unnest(${pgArray(chunk.map(([sessionId]) => sessionId))}::uuid[],
        ${pgArray(chunk.map(([, t]) => t.lessonId))}::text[], ${pgArray(chunk.map(([, t]) => t.day))}::text[],
        ${pgArray(states.map((s) => s.viewer))}::boolean[], ${pgArray(states.map((s) => s.reachBucket))}::smallint[],
        ${pgArray(states.map((s) => s.lastBucket))}::smallint[], ${pgArray(states.map((s) => s.playingFrom))}::real[],
        ${pgArray(states.map((s) => JSON.stringify(s.watched)))}::jsonb[])
      on conflict (session_id) do update set viewer = excluded.viewer, reach_bucket = excluded.reach_bucket,
        last_bucket = excluded.last_bucket, playing_from = excluded.playing_from, watched = excluded.watched`);
  }
  for (const chunk of chunks([...buckets.values()].filter((b) => b.reached !== 0 || b.ended !== 0))) {
    await tx.execute(sql`
      insert into analytics_lesson_buckets (lesson_id, day, bucket, reached, ended)
      select * from unnest(${pgArray(chunk.map((b) => b.lessonId))}::text[],
        ${pgArray(chunk.map((b) => b.day))}::text[], ${pgArray(chunk.map((b) => b.bucket))}::smallint[],
        ${pgArray(chunk.map((b) => b.reached))}::int[], ${pgArray(chunk.map((b) => b.ended))}::int[])
      on conflict (lesson_id, day, bucket) do update set
        reached = analytics_lesson_buckets.reached + excluded.reached,
        ended = analytics_lesson_buckets.ended + excluded.ended`);
  }
  const secondRows = [...seconds.entries()].flatMap(([lessonId, counts]) =>
    secondTotals(counts).map(([second, views, rewatches]) => ({ lessonId, second, views, rewatches })),
  );
  for (const chunk of chunks(secondRows)) {
    await tx.execute(sql`
      insert into analytics_lesson_seconds (lesson_id, second, views, rewatches)
      select * from unnest(${pgArray(chunk.map((r) => r.lessonId))}::text[],
        ${pgArray(chunk.map((r) => r.second))}::int[], ${pgArray(chunk.map((r) => r.views))}::int[],
        ${pgArray(chunk.map((r) => r.rewatches))}::int[])
      on conflict (lesson_id, second) do update set
        views = analytics_lesson_seconds.views + excluded.views,
        rewatches = analytics_lesson_seconds.rewatches + excluded.rewatches`);
  }
  for (const chunk of chunks([...learners.values()])) {
    // A learner deleted since their events were stored has no row to refer to: skipped by the join.
    await tx.execute(sql`
      insert into analytics_course_learners (course_id, user_id, first_free_day, first_paid_day)
      select v.course_id, v.user_id, v.first_free_day, v.first_paid_day
      from unnest(${pgArray(chunk.map((l) => l.courseId))}::text[], ${pgArray(chunk.map((l) => l.userId))}::uuid[],
        ${pgArray(chunk.map((l) => l.free))}::text[], ${pgArray(chunk.map((l) => l.paid))}::text[])
        as v(course_id, user_id, first_free_day, first_paid_day)
      join users u on u.id = v.user_id
      on conflict (course_id, user_id) do update set
        first_free_day = least(analytics_course_learners.first_free_day, excluded.first_free_day),
        first_paid_day = least(analytics_course_learners.first_paid_day, excluded.first_paid_day)`);
  }
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) yield rows.slice(i, i + WRITE_CHUNK);
}

/**
 * Deletes raw video events older than `days` that the rollup has passed (in batches, oldest first). Nothing else
 * reads stored events: progress and completion are kept in lesson_progress by their own endpoint, and a session's
 * rollup state (analytics_sessions) carries what later events of it need.
 */
export async function pruneRolledUpEvents(db: Db, days: number, now: Date): Promise<number> {
  const mark = await rolledUpTo(db);
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let deleted = 0;
  for (;;) {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from video_events where id in (
          select id from video_events where id <= ${mark} and created_at < ${cutoff.toISOString()}::timestamptz
          order by id limit 10000)
        returning id`),
    );
    deleted += rows.length;
    if (rows.length < 10000) return deleted;
  }
}
