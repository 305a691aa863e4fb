import { analyticsDropOffSchema, analyticsFunnelSchema, analyticsOverviewSchema } from '@kaushal/contract';
import { asc, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import {
  analyticsCourseLearners,
  analyticsLessonBuckets,
  analyticsLessonSeconds,
  analyticsSessions,
  courseInstructors,
  enrollments,
  lessonProgress,
  lessons,
  videoEvents,
} from '../../db/schema.ts';
import { pruneRolledUpEvents, rollUpVideoEvents } from './rollup.ts';
import { flushCoursePageVisits } from './routes.ts';
import { istDay } from './session-rollup.ts';
import { more, watch } from './test-support.ts';

const COURSE = 'rag-from-scratch';
/** Free, 96 s long: 5% is 4.8 s. */
const FREE = 'rag-from-scratch-01';
/** Paid, 96 s long. */
const PAID = 'rag-from-scratch-03';

describe('console analytics', () => {
  const ctx = useTestApp();
  let admin: Learner;
  let support: Learner;
  let today: string;

  beforeEach(async () => {
    admin = await createStaff(ctx, 'Ada Admin', 'admin');
    support = await createStaff(ctx, 'Sam Support', 'support');
    today = istDay(ctx.clock.now);
  });

  const get = async (who: Learner, url: string) => {
    const res = await callAs(ctx, who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const dropOffOf = async (lesson: string, who: Learner = admin) =>
    analyticsDropOffSchema.parse(
      await get(who, `/admin/analytics/lessons/${lesson}/drop-off?from=${today}&to=${today}`),
    );
  const funnelOf = async (who: Learner = admin) =>
    analyticsFunnelSchema.parse(await get(who, `/admin/analytics/courses/${COURSE}/funnel?from=${today}&to=${today}`));

  /**
   * Four viewers of the free lesson and one who never pressed play:
   * A plays to the end; B pauses at 48 s (50%); C pauses at 24 s, seeks back to 12 s, plays and pauses at 30 s
   * (31.25%: seconds 12–23 watched twice); D presses play at 0 and leaves; E only seeks.
   */
  async function fourViewers() {
    const [a, b, c, d, e] = await Promise.all(
      ['Asha', 'Bala', 'Chitra', 'Dev', 'Esha'].map((name) => createStaff(ctx, name)),
    );
    const learners = { a, b, c, d, e } as Record<string, Learner>;
    await watch(ctx, learners.a as Learner, FREE, [
      ['play', 0],
      ['complete', 96],
    ]);
    const bSession = await watch(ctx, learners.b as Learner, FREE, [
      ['play', 0],
      ['pause', 48],
    ]);
    await watch(ctx, learners.c as Learner, FREE, [
      ['play', 0],
      ['pause', 24],
      ['seek', 12],
      ['play', 12],
      ['pause', 30],
    ]);
    await watch(ctx, learners.d as Learner, FREE, [['play', 0]]);
    await watch(ctx, learners.e as Learner, FREE, [['seek', 50]]);
    return { ...learners, bSession } as Record<'a' | 'b' | 'c' | 'd' | 'e', Learner> & { bSession: string };
  }

  const reachOf = (viewersAt: (step: number) => number) =>
    Array.from({ length: 21 }, (_, step) => ({ percent: step * 5, viewers: viewersAt(step) }));

  it('shows the share of viewers still watching at each 5%, where they were last seen and the rewatched seconds', async () => {
    await fourViewers();
    expect((await rollUpVideoEvents(ctx.database.db)).events).toBe(11);
    const chart = await dropOffOf(FREE);
    expect(chart.viewers).toBe(4);
    // A reached 100%, B 50%, C 30 s = 31.25% (step 6), D 0%.
    expect(chart.reach.map(({ percent, viewers }) => ({ percent, viewers }))).toEqual(
      reachOf((step) => (step === 0 ? 4 : step <= 6 ? 3 : step <= 10 ? 2 : 1)),
    );
    expect(chart.reach[6]?.share).toBe(0.75);
    expect(chart.reach[20]?.share).toBe(0.25);
    expect(chart.lastSeen).toEqual(reachOf((step) => (step === 0 || step === 6 || step === 10 || step === 20 ? 1 : 0)));
    // Seconds 12–23 were watched twice by C; A, B and C each watched them once first.
    expect(chart.rewatched).toEqual(Array.from({ length: 10 }, (_, i) => ({ second: 12 + i, rewatches: 1, views: 3 })));
    const seconds = await ctx.database.db
      .select()
      .from(analyticsLessonSeconds)
      .orderBy(asc(analyticsLessonSeconds.second));
    expect(seconds.filter((s) => s.rewatches > 0).map((s) => s.second)).toEqual(
      Array.from({ length: 12 }, (_, i) => 12 + i),
    );
    expect(seconds.find((s) => s.second === 95)).toMatchObject({ views: 1, rewatches: 0 });
    expect(seconds.find((s) => s.second === 40)).toMatchObject({ views: 2, rewatches: 0 });
  });

  it('changes nothing when the rollup runs again, and counts on the next run the events stored after it', async () => {
    const { b, bSession } = await fourViewers();
    await rollUpVideoEvents(ctx.database.db);
    const snapshot = async () => ({
      buckets: await ctx.database.db.select().from(analyticsLessonBuckets).orderBy(asc(analyticsLessonBuckets.bucket)),
      seconds: await ctx.database.db.select().from(analyticsLessonSeconds).orderBy(asc(analyticsLessonSeconds.second)),
      sessions: await ctx.database.db.select().from(analyticsSessions).orderBy(asc(analyticsSessions.sessionId)),
      learners: await ctx.database.db.select().from(analyticsCourseLearners),
    });
    const first = await snapshot();
    expect(await rollUpVideoEvents(ctx.database.db)).toMatchObject({ events: 0 });
    expect(await snapshot()).toEqual(first);

    // B comes back to the same session and plays on from 48 s to 72 s (75%).
    await more(ctx, b, FREE, bSession, [
      ['play', 48],
      ['pause', 72],
    ]);
    expect(await rollUpVideoEvents(ctx.database.db)).toMatchObject({ events: 2 });
    const chart = await dropOffOf(FREE);
    expect(chart.viewers).toBe(4);
    expect(chart.reach.map((r) => r.viewers)).toEqual(
      reachOf((step) => (step === 0 ? 4 : step <= 6 ? 3 : step <= 15 ? 2 : 1)).map((r) => r.viewers),
    );
    expect(chart.lastSeen[10]?.viewers).toBe(0);
    expect(chart.lastSeen[15]?.viewers).toBe(1);
  });

  it('rolls up on "update now" (admin or support), as the job would', async () => {
    await fourViewers();
    const res = await callAs(ctx, support, 'POST', '/admin/analytics/refresh');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ events: 11, rolledUpAt: expect.any(String) });
    expect((await dropOffOf(FREE)).viewers).toBe(4);
    expect((await callAs(ctx, admin, 'POST', '/admin/analytics/refresh')).json()).toMatchObject({ events: 0 });
  });

  it('gives the same figures when the events are rolled up a few at a time', async () => {
    await fourViewers();
    await rollUpVideoEvents(ctx.database.db, { batchSize: 3 });
    const chart = await dropOffOf(FREE);
    expect(chart.reach.map((r) => r.viewers)).toEqual(
      reachOf((step) => (step === 0 ? 4 : step <= 6 ? 3 : step <= 10 ? 2 : 1)).map((r) => r.viewers),
    );
    expect(chart.rewatched).toHaveLength(10);
  });

  it('prunes only raw events that are rolled up and older than the retention', async () => {
    await fourViewers();
    await rollUpVideoEvents(ctx.database.db);
    const later = await createStaff(ctx, 'Late Viewer');
    await watch(ctx, later, FREE, [
      ['play', 0],
      ['pause', 10],
    ]);
    // Make every event 40 days old: only the 11 rolled up may go with a 30-day retention.
    await ctx.database.db.execute(sql`update video_events set created_at = created_at - interval '40 days'`);
    const now = ctx.clock.now;
    expect(await pruneRolledUpEvents(ctx.database.db, 60, now)).toBe(0);
    expect(await pruneRolledUpEvents(ctx.database.db, 30, now)).toBe(11);
    const left = await ctx.database.db.select().from(videoEvents);
    expect(left.map((e) => e.positionSec)).toEqual([0, 10]);
    // The pruned events' figures stay.
    expect((await dropOffOf(FREE)).viewers).toBe(4);
  });

  it("counts a course's funnel from page visits to completion", async () => {
    const { a, b } = await fourViewers();
    // Visits: one anonymous visitor twice, another once, and A signed in (a visitor too).
    const visit = (agent: string, who: Learner | null) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/courses/${COURSE}/visit`,
        headers: { origin: TEST_ORIGIN, 'user-agent': agent, ...(who ? { cookie: who.cookie } : {}) },
      });
    for (const [agent, who] of [
      ['agent-1', null],
      ['agent-1', null],
      ['agent-2', null],
      ['agent-3', a],
    ] as const) {
      const res = await visit(agent, who);
      expect(res.statusCode, res.body).toBe(204);
    }
    // A course that does not exist is refused and counts nothing.
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/courses/no-such-course/visit',
      headers: { origin: TEST_ORIGIN },
    });
    expect(unknown.statusCode).toBe(404);
    await flushCoursePageVisits(ctx.app);

    // A and B pay; A plays a paid lesson and completes every lesson.
    const now = ctx.clock.now;
    await ctx.database.db.insert(enrollments).values(
      [a, b].map((who) => ({
        userId: who.id,
        courseId: COURSE,
        accessType: 'permanent' as const,
        source: 'payment' as const,
        createdAt: now,
      })),
    );
    await watch(ctx, a, PAID, [
      ['play', 0],
      ['pause', 5],
    ]);
    const all = await ctx.database.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(sql`${lessons.courseId} = ${COURSE}`);
    await ctx.database.db
      .insert(lessonProgress)
      .values(all.map((l) => ({ userId: a.id, lessonId: l.id, courseId: COURSE, completed: true, completedAt: now })))
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { completed: true, completedAt: now },
      });
    await rollUpVideoEvents(ctx.database.db);

    const result = await funnelOf();
    expect(result.steps.map((s) => [s.step, s.count])).toEqual([
      ['visitors', 3],
      ['signedIn', 1],
      ['freeLessonStarted', 4],
      ['enrolled', 2],
      ['paidLessonStarted', 1],
      ['completed', 1],
    ]);
    expect(result.lessons.find((l) => l.lessonId === FREE)).toMatchObject({ viewers: 4, finished: 1, isFree: true });
    expect(result.lessons.find((l) => l.lessonId === PAID)).toMatchObject({ viewers: 1, finished: 0, isFree: false });
    // Another range holds none of it.
    const empty = analyticsFunnelSchema.parse(
      await get(admin, `/admin/analytics/courses/${COURSE}/funnel?from=2020-01-01&to=2020-01-31`),
    );
    expect(empty.steps.every((s) => s.count === 0)).toBe(true);
  });

  describe('sales and sign-ups per day', () => {
    it('shows revenue after refunds to admins and no money to support', async () => {
      const buyer = await createStaff(ctx, 'Buyer');
      const now = ctx.clock.now;
      await ctx.database.db.execute(sql`
        insert into payment_orders (id, user_id, course_id, access_type, amount_paise, status, provider_payment_id, paid_at, refunded_paise)
        values ('order_A1', ${buyer.id}, ${COURSE}, 'permanent', 499900, 'paid', 'pay_A1', ${now.toISOString()}::timestamptz, 0),
               ('order_A2', ${buyer.id}, 'llm-evaluation', 'permanent', 99900, 'refunded', 'pay_A2', ${now.toISOString()}::timestamptz, 99900),
               ('order_A3', ${buyer.id}, ${COURSE}, 'permanent', 99900, 'created', null, null, 0)`);
      await ctx.database.db.execute(sql`
        insert into refunds (order_id, kind, status, amount_paise, processed_at)
        values ('order_A2', 'staff', 'processed', 99900, ${now.toISOString()}::timestamptz)`);
      await ctx.database.db.insert(enrollments).values([
        { userId: buyer.id, courseId: COURSE, accessType: 'permanent', source: 'payment', createdAt: now },
        { userId: buyer.id, courseId: 'prompt-engineering', accessType: 'permanent', source: 'free', createdAt: now },
      ]);
      const url = `/admin/analytics/overview?from=${today}&to=${today}`;
      const asAdmin = analyticsOverviewSchema.parse(await get(admin, url));
      expect(asAdmin.money).toBe(true);
      expect(asAdmin.days).toEqual([
        {
          day: today,
          newLearners: 3,
          enrollmentsFree: 1,
          enrollmentsPaid: 1,
          orders: 2,
          revenue: 499_900,
          refunds: 99_900,
        },
      ]);
      expect(asAdmin.courses.find((c) => c.courseId === COURSE)).toMatchObject({
        orders: 1,
        revenue: 499_900,
        enrollmentsPaid: 1,
      });
      expect(asAdmin.courses.find((c) => c.courseId === 'llm-evaluation')).toMatchObject({
        orders: 1,
        revenue: 0,
        refunds: 99_900,
      });

      const res = await callAs(ctx, support, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/revenue|refunds|499900/);
      expect(analyticsOverviewSchema.parse(res.json()).days[0]).toEqual({
        day: today,
        newLearners: 3,
        enrollmentsFree: 1,
        enrollmentsPaid: 1,
        orders: 2,
      });
    });

    it('lists every day of the range, empty days as zeros', async () => {
      const overview = analyticsOverviewSchema.parse(
        await get(admin, '/admin/analytics/overview?from=2020-02-27&to=2020-03-01'),
      );
      expect(overview.days.map((d) => d.day)).toEqual(['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01']);
      expect(overview.days.every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
    });
  });

  describe('who sees what', () => {
    it('shows an instructor their own courses only, without money or sign-ups', async () => {
      const teacher = await createStaff(ctx, 'Ines Instructor', 'instructor');
      await ctx.database.db.insert(courseInstructors).values({ courseId: COURSE, userId: teacher.id });
      const overview = analyticsOverviewSchema.parse(
        await get(teacher, `/admin/analytics/overview?from=${today}&to=${today}`),
      );
      expect(overview.money).toBe(false);
      expect(overview.courses.map((c) => c.courseId)).toEqual([COURSE]);
      expect(overview.days[0]).not.toHaveProperty('newLearners');
      expect(overview.days[0]).not.toHaveProperty('revenue');
      expect((await funnelOf(teacher)).courseId).toBe(COURSE);
      expect((await dropOffOf(FREE, teacher)).lessonId).toBe(FREE);
      const other = await callAs(
        ctx,
        teacher,
        'GET',
        `/admin/analytics/courses/llm-evaluation/funnel?from=${today}&to=${today}`,
      );
      expect(other.statusCode).toBe(403);
      const otherLesson = await callAs(
        ctx,
        teacher,
        'GET',
        `/admin/analytics/lessons/llm-evaluation-01/drop-off?from=${today}&to=${today}`,
      );
      expect(otherLesson.statusCode).toBe(403);
    });

    it('lets support read funnels and drop-off', async () => {
      expect((await funnelOf(support)).steps).toHaveLength(6);
      expect((await dropOffOf(FREE, support)).reach).toHaveLength(21);
    });

    it('answers 401 signed out and 403 to learners', async () => {
      const learner = await createStaff(ctx, 'Lena Learner');
      for (const url of [
        `/admin/analytics/overview?from=${today}&to=${today}`,
        `/admin/analytics/courses/${COURSE}/funnel?from=${today}&to=${today}`,
        `/admin/analytics/lessons/${FREE}/drop-off?from=${today}&to=${today}`,
      ]) {
        expect((await callAs(ctx, null, 'GET', url)).statusCode).toBe(401);
        expect((await callAs(ctx, learner, 'GET', url)).statusCode).toBe(403);
      }
    });
  });

  describe('hostile input', () => {
    it.each([
      ['/admin/analytics/overview', 'no range'],
      ['/admin/analytics/overview?from=2026-13-01&to=2026-12-31', 'a month that does not exist'],
      ['/admin/analytics/overview?from=yesterday&to=today', 'words for dates'],
      ['/admin/analytics/overview?from=2026-03-10&to=2026-03-01', 'a reversed range'],
      ['/admin/analytics/overview?from=2024-01-01&to=2026-01-01', 'a range over 366 days'],
      [`/admin/analytics/courses/BAD%20ID/funnel?from=2026-03-01&to=2026-03-02`, 'a malformed course id'],
      [`/admin/analytics/lessons/${FREE}/drop-off?from=2026-03-01&to=2026-03-02%00`, 'a NUL in a date'],
    ])('answers 400 for %s (%s)', async (url) => {
      const res = await callAs(ctx, admin, 'GET', url);
      expect(res.statusCode, res.body).toBe(400);
    });

    it('answers 404 for an unknown course or lesson', async () => {
      const range = 'from=2026-03-01&to=2026-03-02';
      expect(
        (await callAs(ctx, admin, 'GET', `/admin/analytics/courses/no-such-course/funnel?${range}`)).statusCode,
      ).toBe(404);
      expect(
        (await callAs(ctx, admin, 'GET', `/admin/analytics/lessons/no-such-lesson/drop-off?${range}`)).statusCode,
      ).toBe(404);
    });
  });
});
