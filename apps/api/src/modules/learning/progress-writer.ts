import type { ProgressBody, ProgressResponse, StaffRole } from '@kaushal/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { executeNamed } from '../../db/named-statement.ts';
import { freeLessonCompletions } from '../../db/schema.ts';
import { type BatchOptions, startBatch } from '../../lib/batching.ts';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { awardCertificateIfEarned } from '../certificates/index.ts';
import { type CourseAccess, describeEnrollment } from '../enrollment/index.ts';
import type { Outbox } from '../mail/index.ts';
import { findPlayableLesson, type PlayableFacts, requirePlayable } from './lesson-access.ts';
import { applyReport, type ProgressState, reportedPosition } from './progress-service.ts';
import type { Range } from './watched-ranges.ts';

export interface ProgressReport {
  viewer: { id: string; roles: readonly StaffRole[] };
  lessonId: string;
  body: ProgressBody;
  now: Date;
}

interface Pending extends ProgressReport {
  resolve: (response: ProgressResponse) => void;
  reject: (error: unknown) => void;
}

/** What one report resolved to inside its batch: its answer, or the 4xx it is refused with. */
type Outcome = { ok: true; response: ProgressResponse } | { ok: false; error: unknown };

/** At most this many reports go into one transaction; a larger backlog is written by several. */
const MAX_REPORTS_PER_BATCH = 500;

/**
 * Saves progress reports with group commit: reports that arrive while a batch is being written are written
 * together by the next one, in ONE transaction of a few statements whatever their number (access of every
 * report read and every existing row locked in key order by one statement, missing rows inserted at once when
 * there are any, every row updated at once; decision 041). A request is answered only after the transaction
 * holding its report committed, so an acknowledged report is stored.
 *
 * The per-report rules are those of one report at a time (progress-service.ts, decision 002): reports for the
 * same learner and lesson are applied in arrival order, each against the state the previous one left; a lesson
 * newly complete may complete its course, and the certificate is issued in that transaction; a free lesson's
 * end records the free-lesson completion. Rows are locked (`FOR UPDATE`) in key order, so batches of several
 * processes on one PostgreSQL take turns on a row and never deadlock on each other.
 *
 * A report refused (unknown lesson, no access, past the end) is refused alone. A batch whose transaction fails
 * is retried one report per transaction, so one bad report never fails the others; when the database is
 * unavailable, the reports queued behind it fail with it (as EventWriter and SessionLookup do).
 */
export interface ProgressWriterOptions extends BatchOptions {
  /**
   * How many batches may be written at once (default 1). A learner's reports always take the same lane, so they
   * are still applied in arrival order, and two lanes never touch the same rows (rows are keyed by learner):
   * lanes only add transactions in flight. On PostgreSQL a batch spends most of its time waiting on round trips,
   * so a few lanes multiply what one process stores; PGlite runs one transaction at a time, one lane is all it has.
   */
  lanes?: number;
}

/** One queue of reports and whether its batch is being written (`drained`: when the lane's writing ends). */
interface Lane {
  queue: Pending[];
  writing: boolean;
  drained?: Promise<void>;
}

/** FNV-1a of the learner's id: the lane their reports take. */
function laneIndex(userId: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % lanes;
}

export class ProgressWriter {
  private readonly lanes: Lane[];

  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly options: ProgressWriterOptions = {},
  ) {
    this.lanes = Array.from({ length: Math.max(1, options.lanes ?? 1) }, () => ({ queue: [], writing: false }));
  }

  save(report: ProgressReport): Promise<ProgressResponse> {
    const lane = this.lanes[laneIndex(report.viewer.id, this.lanes.length)] as Lane;
    return new Promise((resolve, reject) => {
      lane.queue.push({ ...report, resolve, reject });
      if (lane.writing) return;
      lane.writing = true;
      lane.drained = new Promise<void>((done) => startBatch(this.options, () => this.drain(lane).finally(done)));
    });
  }

  /**
   * Resolves once every report received so far is settled (stored, or refused): the app's close waits for it
   * before the database closes, so a report whose client went away (a tab closed, a beacon) is still stored.
   */
  async settled(): Promise<void> {
    for (;;) {
      const writing = this.lanes.filter((lane) => lane.writing).map((lane) => lane.drained);
      if (writing.length === 0) return;
      await Promise.all(writing);
    }
  }

  private async drain(lane: Lane) {
    try {
      while (lane.queue.length > 0) await this.writeBatch(lane, lane.queue.splice(0, MAX_REPORTS_PER_BATCH));
    } finally {
      lane.writing = false;
    }
  }

  private async writeBatch(lane: Lane, batch: Pending[]) {
    try {
      const outcomes = await this.db.transaction((tx) => applyReports(tx, this.outbox, batch));
      settle(batch, outcomes);
      return;
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const pending of [...batch, ...lane.queue.splice(0)]) pending.reject(error);
        return;
      }
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
    }
    // One report's failure (or a conflict of the batch) must not fail the others: each alone, in order.
    for (const pending of batch) {
      try {
        settle([pending], await this.db.transaction((tx) => applyReports(tx, this.outbox, [pending])));
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}

function settle(batch: Pending[], outcomes: Outcome[]) {
  batch.forEach((pending, i) => {
    const outcome = outcomes[i];
    if (!outcome) pending.reject(new Error('progress report without an outcome'));
    else if (outcome.ok) pending.resolve(outcome.response);
    else pending.reject(outcome.error);
  });
}

/**
 * A report's lesson (null id: no such lesson) with its course's state and the learner's access, in one row. Only
 * the lesson's facts a report needs: its title, description and captions would be read and parsed per report.
 */
interface AccessRow extends Omit<PlayableFacts, 'id'> {
  ord: number;
  id: string | null;
  published: boolean;
  accessType: 'permanent' | 'weekly' | null;
  expiresAt: string | Date | null;
  freeDone: boolean;
  /** The learner's lesson_progress row for this lesson, locked; its columns are null without one. */
  hasRow: boolean;
  resumeSeconds: number | null;
  watchedSeconds: number | null;
  watchedRanges: Range[] | null;
  completed: boolean | null;
  completedAt: string | Date | null;
  updatedAt: string | Date | null;
  paceSlackSeconds: number | string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const keyOf = (userId: string, lessonId: string) => `${userId}\n${lessonId}`;
/** Key order: every batch (of every process) locks rows in this order, so two batches never wait on each other in a cycle. */
const byKey = (a: { userId: string; lessonId: string }, b: { userId: string; lessonId: string }) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.lessonId < b.lessonId ? -1 : a.lessonId > b.lessonId ? 1 : 0;

/** The whole batch inside one transaction; each report's outcome in the batch's order. */
async function applyReports(tx: Tx, outbox: Outbox, batch: readonly ProgressReport[]): Promise<Outcome[]> {
  // 1. Each report's lesson, the learner's access to its course and the learner's row for the lesson, locked, in
  // ONE statement. The rows are locked (in key order) before access is decided: a refused report's row, if it has
  // one, stays locked until commit and is left as it was. Arrays through unnest(), not JSON: the planner sees how
  // many rows they hold and reaches lesson_progress through its primary key, whatever the table's size. This and
  // the batch's other statements are named prepared statements: planning each took longer than running it (050).
  const pairs = [...new Map(batch.map((r) => [keyOf(r.viewer.id, r.lessonId), r])).values()].sort((a, b) =>
    byKey({ userId: a.viewer.id, lessonId: a.lessonId }, { userId: b.viewer.id, lessonId: b.lessonId }),
  );
  const accessRows = rowsOf<AccessRow>(
    await executeNamed(
      tx,
      'progress_access',
      sql`
      with locked as (
        select p.user_id, p.lesson_id, p.resume_seconds, p.watched_seconds, p.watched_ranges, p.completed,
          p.completed_at, p.updated_at, p.pace_slack_seconds
        from unnest(${pgArray(pairs.map((r) => r.viewer.id))}::uuid[], ${pgArray(pairs.map((r) => r.lessonId))}::text[])
          as k(user_id, lesson_id)
        join lesson_progress p on p.user_id = k.user_id and p.lesson_id = k.lesson_id
        order by p.user_id, p.lesson_id
        for update of p
      )
      select (w.ord - 1)::int as "ord", l.id as "id", l.course_id as "courseId", l.is_free as "isFree",
        l.duration_seconds as "durationSeconds", l.video_type as "videoType", l.video_ref as "videoRef",
        c.published as "published",
        e.access_type as "accessType", e.expires_at as "expiresAt", (f.user_id is not null) as "freeDone",
        (p.user_id is not null) as "hasRow", p.resume_seconds as "resumeSeconds", p.watched_seconds as "watchedSeconds",
        p.watched_ranges as "watchedRanges", p.completed as "completed", p.completed_at as "completedAt",
        p.updated_at as "updatedAt", p.pace_slack_seconds as "paceSlackSeconds"
      from unnest(${pgArray(batch.map((r) => r.viewer.id))}::uuid[], ${pgArray(batch.map((r) => r.lessonId))}::text[])
        with ordinality as w(user_id, lesson_id, ord)
      left join lessons l on l.id = w.lesson_id
      left join courses c on c.id = l.course_id
      left join enrollments e on e.user_id = w.user_id and e.course_id = l.course_id
      left join free_lesson_completions f on f.user_id = w.user_id and f.course_id = l.course_id
      left join locked p on p.user_id = w.user_id and p.lesson_id = w.lesson_id
    `,
    ),
  );
  const accessByOrd = new Map(accessRows.map((row) => [Number(row.ord), row]));

  const outcomes: Array<Outcome | undefined> = [];
  const accepted: Array<{ ord: number; lesson: PlayableFacts; access: CourseAccess; position: number }> = [];
  for (const [ord, report] of batch.entries()) {
    try {
      const found = accessByOrd.get(ord);
      let lesson: PlayableFacts;
      let access: CourseAccess;
      if (report.viewer.roles.length > 0) {
        // Staff may preview unpublished courses (rare here): their own check, as every other lesson route does.
        ({ lesson, access } = await findPlayableLesson(tx, report.lessonId, report.viewer, report.now));
      } else {
        const status = describeEnrollment(
          found?.accessType
            ? { accessType: found.accessType, expiresAt: found.expiresAt ? asDate(found.expiresAt) : null }
            : undefined,
          report.now,
        );
        access = {
          isEnrolled: status?.enrolled ?? false,
          enrollmentStatus: status,
          hasCompletedFreeLesson: Boolean(found?.freeDone),
        };
        lesson = requirePlayable(found?.id ? toLesson(found) : undefined, access, false);
      }
      accepted.push({ ord, lesson, access, position: reportedPosition(lesson, report.body) });
    } catch (error) {
      outcomes[ord] = { ok: false, error };
    }
  }
  if (accepted.length === 0) return outcomes as Outcome[];

  // 2. The rows the first statement found, and the missing ones inserted (as the first report for each found
  // them), in key order after the locks of step 1: every batch takes its existing rows first and its new ones
  // after, each in key order, so two batches never wait on each other in a cycle.
  const states = new Map<string, ProgressState | null>();
  for (const row of accessRows) {
    if (!row.hasRow) continue;
    const report = batch[Number(row.ord)] as ProgressReport;
    states.set(keyOf(report.viewer.id, report.lessonId), {
      resumeSeconds: row.resumeSeconds as number,
      watchedSeconds: row.watchedSeconds as number,
      watchedRanges: row.watchedRanges as Range[],
      completed: row.completed as boolean,
      completedAt: row.completedAt ? asDate(row.completedAt) : null,
      updatedAt: asDate(row.updatedAt as string | Date),
      paceSlackSeconds: Number(row.paceSlackSeconds ?? 0),
    });
  }
  const firstOf = new Map<
    string,
    { userId: string; lessonId: string; courseId: string; position: number; now: Date }
  >();
  for (const a of accepted) {
    const report = batch[a.ord] as ProgressReport;
    const key = keyOf(report.viewer.id, a.lesson.id);
    if (!firstOf.has(key)) {
      firstOf.set(key, {
        userId: report.viewer.id,
        lessonId: a.lesson.id,
        courseId: a.lesson.courseId,
        position: a.position,
        now: report.now,
      });
    }
  }
  const keys = [...firstOf.values()].sort(byKey);
  const missing = keys.filter((k) => !states.has(keyOf(k.userId, k.lessonId)));
  if (missing.length > 0) {
    const created = rowsOf<{ userId: string; lessonId: string }>(
      await executeNamed(
        tx,
        'progress_insert',
        sql`
        insert into lesson_progress (user_id, lesson_id, course_id, resume_seconds, updated_at)
        select * from unnest(${pgArray(missing.map((k) => k.userId))}::uuid[],
          ${pgArray(missing.map((k) => k.lessonId))}::text[], ${pgArray(missing.map((k) => k.courseId))}::text[],
          ${pgArray(missing.map((k) => k.position))}::int[], ${pgArray(missing.map((k) => k.now.toISOString()))}::timestamptz[])
          as k(user_id, lesson_id, course_id, resume_seconds, updated_at)
        order by user_id, lesson_id
        on conflict do nothing
        returning user_id as "userId", lesson_id as "lessonId"
      `,
      ),
    );
    for (const row of created) states.set(keyOf(row.userId, row.lessonId), null);
  }

  // 3. Each report applied in arrival order, against what the previous one (of this batch or before) left.
  const wasCompleted = new Map<string, boolean>();
  const freeDone = new Set<string>();
  const freeToRecord: Array<{ userId: string; courseId: string; now: Date }> = [];
  for (const a of accepted) {
    const report = batch[a.ord] as ProgressReport;
    const userId = report.viewer.id;
    const key = keyOf(userId, a.lesson.id);
    if (!states.has(key)) {
      // Inserted by another transaction after this statement's snapshot: retried alone, in a transaction of its own.
      throw new Error('lesson progress row missing after upsert');
    }
    const previous = states.get(key) ?? null;
    if (!wasCompleted.has(key)) wasCompleted.set(key, previous?.completed ?? false);
    const next = applyReport(previous, a.lesson, a.position, report.now);
    states.set(key, next);

    const courseKey = `${userId}\n${a.lesson.courseId}`;
    let hasCompletedFreeLesson = a.access.hasCompletedFreeLesson || freeDone.has(courseKey);
    if (report.body.completed && a.lesson.isFree && !a.access.isEnrolled && !hasCompletedFreeLesson) {
      freeToRecord.push({ userId, courseId: a.lesson.courseId, now: report.now });
      freeDone.add(courseKey);
      hasCompletedFreeLesson = true;
    }
    outcomes[a.ord] = {
      ok: true,
      response: {
        lessonId: a.lesson.id,
        resumeSeconds: next.resumeSeconds,
        watchedSeconds: next.watchedSeconds,
        completed: next.completed,
        hasCompletedFreeLesson,
      },
    };
  }

  // 4. Every row written back at once.
  const written = keys.map((k) => states.get(keyOf(k.userId, k.lessonId)) as ProgressState);
  await executeNamed(
    tx,
    'progress_update',
    sql`
    update lesson_progress p set resume_seconds = v.resume_seconds, watched_seconds = v.watched_seconds,
      watched_ranges = v.watched_ranges, completed = v.completed, completed_at = v.completed_at, updated_at = v.updated_at,
      pace_slack_seconds = v.pace_slack_seconds
    from unnest(${pgArray(keys.map((k) => k.userId))}::uuid[], ${pgArray(keys.map((k) => k.lessonId))}::text[],
      ${pgArray(written.map((w) => w.resumeSeconds))}::int[], ${pgArray(written.map((w) => w.watchedSeconds))}::int[],
      ${pgArray(written.map((w) => JSON.stringify(w.watchedRanges)))}::jsonb[], ${pgArray(written.map((w) => w.completed))}::boolean[],
      ${pgArray(written.map((w) => w.completedAt?.toISOString() ?? null))}::timestamptz[],
      ${pgArray(written.map((w) => w.updatedAt.toISOString()))}::timestamptz[],
      ${pgArray(written.map((w) => w.paceSlackSeconds))}::float8[])
      as v(user_id, lesson_id, resume_seconds, watched_seconds, watched_ranges, completed, completed_at, updated_at,
        pace_slack_seconds)
    where p.user_id = v.user_id and p.lesson_id = v.lesson_id
  `,
  );

  // 5. The rare facts, in this same transaction: a course completed by a lesson newly complete (its certificate),
  // a free lesson's end.
  const completedCourses = new Map<string, { userId: string; courseId: string; now: Date }>();
  for (const a of accepted) {
    const report = batch[a.ord] as ProgressReport;
    const key = keyOf(report.viewer.id, a.lesson.id);
    if (!wasCompleted.get(key) && states.get(key)?.completed) {
      completedCourses.set(`${report.viewer.id}\n${a.lesson.courseId}`, {
        userId: report.viewer.id,
        courseId: a.lesson.courseId,
        now: report.now,
      });
    }
  }
  for (const c of [...completedCourses.values()].sort((a, b) =>
    byKey({ userId: a.userId, lessonId: a.courseId }, { userId: b.userId, lessonId: b.courseId }),
  )) {
    await awardCertificateIfEarned(tx, { ...c, outbox });
  }
  for (const f of freeToRecord) {
    await tx
      .insert(freeLessonCompletions)
      .values({ userId: f.userId, courseId: f.courseId, completedAt: f.now })
      .onConflictDoNothing();
  }
  return outcomes as Outcome[];
}

function toLesson(row: AccessRow): PlayableFacts & { published: boolean } {
  return {
    id: row.id as string,
    courseId: row.courseId,
    isFree: row.isFree,
    durationSeconds: row.durationSeconds,
    videoType: row.videoType,
    videoRef: row.videoRef,
    published: row.published,
  };
}
