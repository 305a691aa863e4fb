import {
  type AnalyticsDropOff,
  type AnalyticsFunnel,
  type AnalyticsOverview,
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  type FunnelStep,
} from '@kaushal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EVENTS_MARK, rowsOf } from './rollup.ts';
import { STEPS } from './session-rollup.ts';

export interface Range {
  from: string;
  to: string;
}

/** Whose figures: every course (admin, support) or some (an instructor's), with or without money. */
export interface Viewer {
  courseIds: string[] | null;
  money: boolean;
  learners: boolean;
}

/** The YYYY-MM-DD days from `from` to `to`, both included. */
export function daysOf({ from, to }: Range): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** `column`'s IST day as YYYY-MM-DD (arithmetic, so it needs no time-zone data in the database). */
const istDayOf = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`);

/** India is UTC+5:30 all year: a day there starts at 18:30 UTC the day before. */
const IST_OFFSET_MS = 330 * 60_000;

/** The instants of the range's IST days as [start, end): the end is 00:00 IST the day after `to`. */
const spanOf = (range: Range) => ({
  start: new Date(Date.parse(`${range.from}T00:00:00Z`) - IST_OFFSET_MS).toISOString(),
  end: new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000 - IST_OFFSET_MS).toISOString(),
});

const num = (value: unknown) => Number(value ?? 0);

/** Sales, sign-ups and enrollments per IST day and per course (money only for admins). */
export async function overview(db: Db, range: Range, viewer: Viewer): Promise<AnalyticsOverview> {
  const { start, end } = spanOf(range);
  const own = viewer.courseIds;
  const courseFilter = (column: string) =>
    own === null
      ? sql``
      : own.length === 0
        ? sql` and false`
        : sql` and ${sql.raw(column)} in (${sql.join(
            own.map((id) => sql`${id}`),
            sql`, `,
          )})`;

  const [newLearners, enrolled, paid, refunded, courseRows] = await Promise.all([
    viewer.learners
      ? db.execute(sql`
          select ${istDayOf('created_at')} as day, count(*) as n from users
          where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1`)
      : Promise.resolve({ rows: [] }),
    db.execute(sql`
      select ${istDayOf('created_at')} as day, course_id, source, count(*) as n from enrollments
      where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and source in ('free', 'payment')
      ${courseFilter('course_id')}
      group by 1, 2, 3`),
    db.execute(sql`
      select ${istDayOf('paid_at')} as day, course_id, count(*) as n, sum(amount_paise) as paise from payment_orders
      where paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz and status in ('paid', 'refunded')
      ${courseFilter('course_id')}
      group by 1, 2`),
    db.execute(sql`
      select ${istDayOf('r.processed_at')} as day, o.course_id, sum(r.amount_paise) as paise
      from refunds r join payment_orders o on o.id = r.order_id
      where r.status = 'processed' and r.processed_at >= ${start}::timestamptz and r.processed_at < ${end}::timestamptz
      ${courseFilter('o.course_id')}
      group by 1, 2`),
    db.execute(sql`
      select id, title from courses where draft_of is null ${courseFilter('id')} order by sort_order, id`),
  ]);

  const days = new Map(
    daysOf(range).map((day) => [
      day,
      { day, newLearners: 0, enrollmentsFree: 0, enrollmentsPaid: 0, orders: 0, paid: 0, refunds: 0 },
    ]),
  );
  const courses = new Map(
    rowsOf<{ id: string; title: string }>(courseRows).map((c) => [
      c.id,
      { courseId: c.id, title: c.title, enrollmentsFree: 0, enrollmentsPaid: 0, orders: 0, paid: 0, refunds: 0 },
    ]),
  );
  for (const r of rowsOf<{ day: string; n: string }>(newLearners)) {
    const day = days.get(r.day);
    if (day) day.newLearners += num(r.n);
  }
  for (const r of rowsOf<{ day: string; course_id: string; source: string; n: string }>(enrolled)) {
    const field = r.source === 'free' ? 'enrollmentsFree' : 'enrollmentsPaid';
    const day = days.get(r.day);
    if (day) day[field] += num(r.n);
    const course = courses.get(r.course_id);
    if (course) course[field] += num(r.n);
  }
  for (const r of rowsOf<{ day: string; course_id: string; n: string; paise: string }>(paid)) {
    for (const target of [days.get(r.day), courses.get(r.course_id)]) {
      if (!target) continue;
      target.orders += num(r.n);
      target.paid += num(r.paise);
    }
  }
  for (const r of rowsOf<{ day: string; course_id: string; paise: string }>(refunded)) {
    for (const target of [days.get(r.day), courses.get(r.course_id)]) {
      if (target) target.refunds += num(r.paise);
    }
  }
  const money = <T extends { paid: number; refunds: number }>(figures: T) =>
    viewer.money ? { revenue: figures.paid - figures.refunds, refunds: figures.refunds } : {};
  return {
    from: range.from,
    to: range.to,
    money: viewer.money,
    days: [...days.values()].map((d) => ({
      day: d.day,
      ...(viewer.learners ? { newLearners: d.newLearners } : {}),
      enrollmentsFree: d.enrollmentsFree,
      enrollmentsPaid: d.enrollmentsPaid,
      orders: d.orders,
      ...money(d),
    })),
    courses: [...courses.values()].map((c) => ({
      courseId: c.courseId,
      title: c.title,
      enrollmentsFree: c.enrollmentsFree,
      enrollmentsPaid: c.enrollmentsPaid,
      orders: c.orders,
      ...money(c),
    })),
  };
}

/** When the video rollup last ran (null: never). */
export async function rolledUpAt(db: Db): Promise<string | null> {
  const [row] = rowsOf<{ updated_at: Date | string }>(
    await db.execute(sql`select updated_at from analytics_state where key = ${EVENTS_MARK}`),
  );
  return row ? new Date(row.updated_at).toISOString() : null;
}

/**
 * A course's funnel over a range: each step counts the people who took it for the first time within the range
 * (visitors: distinct per day, summed), so a step may exceed the one before when people came earlier.
 */
export async function funnel(db: Db, course: { id: string; title: string }, range: Range): Promise<AnalyticsFunnel> {
  const { start, end } = spanOf(range);
  const { from, to } = range;
  const [visitors, signedIn, learners, enrolled, completed, lessonRows, at] = await Promise.all([
    db.execute(sql`select coalesce(sum(visitors), 0) as n from course_page_visits
      where course_id = ${course.id} and day >= ${from} and day <= ${to}`),
    db.execute(sql`select count(*) as n from course_page_learners
      where course_id = ${course.id} and first_day >= ${from} and first_day <= ${to}`),
    db.execute(sql`select
        count(*) filter (where first_free_day >= ${from} and first_free_day <= ${to}) as free,
        count(*) filter (where first_paid_day >= ${from} and first_paid_day <= ${to}) as paid
      from analytics_course_learners where course_id = ${course.id}`),
    db.execute(sql`select count(*) as n from enrollments
      where course_id = ${course.id} and source in ('free', 'payment')
        and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`),
    db.execute(sql`
      select count(*) as n from (
        select user_id, max(completed_at) as done from lesson_progress
        where course_id = ${course.id} and completed
        group by user_id
        having count(*) >= (select count(*) from lessons where course_id = ${course.id})
      ) finished
      where done >= ${start}::timestamptz and done < ${end}::timestamptz`),
    db.execute(sql`
      select l.id, l.title, l.position, l.is_free,
        coalesce(sum(b.reached) filter (where b.bucket = 0), 0) as viewers,
        coalesce(sum(b.reached) filter (where b.bucket = ${STEPS}), 0) as finished
      from lessons l
      left join analytics_lesson_buckets b on b.lesson_id = l.id and b.day >= ${from} and b.day <= ${to}
      where l.course_id = ${course.id}
      group by l.id, l.title, l.position, l.is_free
      order by l.position`),
    rolledUpAt(db),
  ]);
  const one = (result: unknown, field = 'n') => num(rowsOf<Record<string, unknown>>(result)[0]?.[field]);
  const counts: Record<FunnelStep, number> = {
    visitors: one(visitors),
    signedIn: one(signedIn),
    freeLessonStarted: one(learners, 'free'),
    enrolled: one(enrolled),
    paidLessonStarted: one(learners, 'paid'),
    completed: one(completed),
  };
  return {
    courseId: course.id,
    title: course.title,
    from,
    to,
    steps: FUNNEL_STEPS.map((step) => ({ step, label: FUNNEL_STEP_LABELS[step], count: counts[step] })),
    lessons: rowsOf<{
      id: string;
      title: string;
      position: number;
      is_free: boolean;
      viewers: string;
      finished: string;
    }>(lessonRows).map((l) => ({
      lessonId: l.id,
      title: l.title,
      position: Number(l.position),
      isFree: l.is_free,
      viewers: num(l.viewers),
      finished: num(l.finished),
    })),
    rolledUpAt: at,
  };
}

/** The most rewatched seconds listed. */
const TOP_REWATCHED = 10;

/** A lesson's drop-off over a range (by the IST day of each session's first event), and its most rewatched seconds. */
export async function dropOff(
  db: Db,
  lesson: { id: string; courseId: string; title: string; durationSeconds: number },
  range: Range,
): Promise<AnalyticsDropOff> {
  const [bucketRows, rewatchRows, at] = await Promise.all([
    db.execute(sql`
      select bucket, sum(reached) as reached, sum(ended) as ended from analytics_lesson_buckets
      where lesson_id = ${lesson.id} and day >= ${range.from} and day <= ${range.to}
      group by bucket`),
    db.execute(sql`
      select second, rewatches, views from analytics_lesson_seconds
      where lesson_id = ${lesson.id} and rewatches > 0
      order by rewatches desc, second asc limit ${TOP_REWATCHED}`),
    rolledUpAt(db),
  ]);
  const reached = new Array<number>(STEPS + 1).fill(0);
  const ended = new Array<number>(STEPS + 1).fill(0);
  for (const r of rowsOf<{ bucket: number; reached: string; ended: string }>(bucketRows)) {
    reached[Number(r.bucket)] = num(r.reached);
    ended[Number(r.bucket)] = num(r.ended);
  }
  const viewers = reached[0] ?? 0;
  const share = (n: number) => (viewers === 0 ? 0 : Math.round((n / viewers) * 10_000) / 10_000);
  return {
    lessonId: lesson.id,
    courseId: lesson.courseId,
    title: lesson.title,
    durationSeconds: lesson.durationSeconds,
    from: range.from,
    to: range.to,
    viewers,
    reach: reached.map((n, step) => ({ percent: step * 5, viewers: n, share: share(n) })),
    lastSeen: ended.map((n, step) => ({ percent: step * 5, viewers: n })),
    rewatched: rowsOf<{ second: number; rewatches: number; views: number }>(rewatchRows).map((r) => ({
      second: Number(r.second),
      rewatches: Number(r.rewatches),
      views: Number(r.views),
    })),
    rolledUpAt: at,
  };
}
