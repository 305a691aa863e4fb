import { endpoints } from '@kaushal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { courseInstructors, courses, lessons } from '../../db/schema.ts';
import { route } from '../../lib/endpoint-route.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { actorOf, requireRole } from '../admin/index.ts';
import { recordAudit } from '../audit/index.ts';
import { currentUser, SESSION_COOKIE, type SessionUser } from '../auth/index.ts';
import { dropOff, funnel, overview, rolledUpAt, type Viewer } from './queries.ts';
import { EVENTS_MARK, pruneRolledUpEvents, rolledUpTo, rollUpVideoEvents } from './rollup.ts';
import { CoursePageVisits } from './visits.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };
const STAFF = ['admin', 'support', 'instructor'] as const;
/** How often visit counts gathered in memory are written. */
const VISIT_FLUSH_MS = 10_000;
/** Visit beacons per address per minute: a page view sends one; generous for addresses many people share. */
const VISIT_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };
/** How long a course found published is taken as such by the beacon, and how many are remembered. */
const KNOWN_COURSE_MS = 60_000;
const MAX_KNOWN_COURSES = 10_000;

/** "Update now" rolls up at most this many events (five batches of 20,000). */
const REFRESH_BATCH = 20_000;
const REFRESH_BATCHES = 5;

export const ANALYTICS_QUEUE = 'analytics-rollup';
/** Every five minutes: the charts trail playback by at most that, plus the run itself. */
export const ANALYTICS_CRON = '*/5 * * * *';

/** What a staff member may read: every course (admin, support) or the ones they teach; money for admins only. */
async function viewerOf(db: Db, user: SessionUser): Promise<Viewer> {
  const money = user.roles.includes('admin');
  if (money || user.roles.includes('support')) return { courseIds: null, money, learners: true };
  const own = await db
    .select({ courseId: courseInstructors.courseId })
    .from(courseInstructors)
    .where(eq(courseInstructors.userId, user.id));
  return { courseIds: own.map((r) => r.courseId), money: false, learners: false };
}

async function requireCourseAnalytics(request: FastifyRequest, db: Db, courseId: string) {
  const user = await requireRole(request, STAFF);
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw notFound('No such course.');
  const viewer = await viewerOf(db, user);
  if (viewer.courseIds !== null && !viewer.courseIds.includes(course.id)) {
    throw forbidden('You can open only the courses you teach.', 'not_your_course');
  }
  return course;
}

/**
 * The console's analytics (decision 026) and the course page's visit beacon. Charts read rollups the analytics
 * job keeps (every five minutes) and daily visit counts written from memory every few seconds.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const visits = new CoursePageVisits();
  const flush = () =>
    visits.flush(db).catch((error: unknown) => app.log.warn({ err: error }, 'course-page visit counts not written'));
  const timer = setInterval(() => void flush(), VISIT_FLUSH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
  counters.set(app.deps, visits);

  // Published courses seen lately, so a page view costs no query (a course unpublished since counts a while longer).
  const known = new Map<string, number>();
  const isPublished = async (courseId: string, now: number) => {
    if ((known.get(courseId) ?? 0) > now) return true;
    const [row] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.published, true), isNull(courses.draftOf)));
    if (!row) return false;
    if (known.size >= MAX_KNOWN_COURSES) known.clear();
    known.set(courseId, now + KNOWN_COURSE_MS);
    return true;
  };

  route(app, endpoints.coursePageVisit, { config: { rateLimit: VISIT_RATE_LIMIT } }, async (request, reply) => {
    const now = clock();
    if (!(await isPublished(request.params.id, now.getTime()))) throw notFound('No such course.');
    // The session is looked up only when a cookie came with the beacon (most visitors have none).
    const user = request.cookies[SESSION_COOKIE] ? await currentUser(request) : null;
    visits.record(
      request.params.id,
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      user?.id ?? null,
      now,
    );
    return reply.code(204).headers(NO_STORE).send();
  });

  route(app, endpoints.adminAnalyticsOverview, {}, async (request, reply) => {
    const user = await requireRole(request, STAFF);
    reply.headers(NO_STORE);
    return overview(db, request.query, await viewerOf(db, user));
  });

  route(app, endpoints.adminAnalyticsFunnel, {}, async (request, reply) => {
    const course = await requireCourseAnalytics(request, db, request.params.id);
    reply.headers(NO_STORE);
    return funnel(db, course, request.query);
  });

  // "Update now": what the job would do, bounded so the request stays short; concurrent runs take turns.
  route(app, endpoints.adminAnalyticsRefresh, {}, async (request, reply) => {
    const user = await requireRole(request, ['admin', 'support']);
    const before = await rolledUpTo(db);
    const rolled = await rollUpVideoEvents(db, { batchSize: REFRESH_BATCH, maxBatches: REFRESH_BATCHES });
    // A staff action that writes, so it is audited (the rollup's own batches are committed by then).
    await db.transaction((tx) =>
      recordAudit(
        tx,
        actorOf(user),
        {
          action: 'analytics.refresh',
          entity: 'analytics',
          entityId: EVENTS_MARK,
          before: { rolledUpTo: before },
          after: { rolledUpTo: rolled.mark, events: rolled.events },
        },
        clock(),
      ),
    );
    reply.headers(NO_STORE);
    return { events: rolled.events, rolledUpAt: await rolledUpAt(db) };
  });

  route(app, endpoints.adminAnalyticsDropOff, {}, async (request, reply) => {
    await requireRole(request, STAFF);
    const [lesson] = await db
      .select({
        id: lessons.id,
        courseId: lessons.courseId,
        title: lessons.title,
        durationSeconds: lessons.durationSeconds,
      })
      .from(lessons)
      .where(eq(lessons.id, request.params.id));
    if (!lesson) throw notFound('No such lesson.');
    await requireCourseAnalytics(request, db, lesson.courseId);
    reply.headers(NO_STORE);
    return dropOff(db, lesson, request.query);
  });
};

/** Each app's visit counter, by its deps (shared by every plugin of one app). */
const counters = new WeakMap<object, CoursePageVisits>();

/** Writes the course-page visits an app has counted in memory now (tests; the app flushes on its own). */
export async function flushCoursePageVisits(app: FastifyInstance): Promise<void> {
  await counters.get(app.deps)?.flush(app.deps.db);
}

/**
 * The analytics job: rolls up new video events, then prunes raw events past ANALYTICS_RAW_EVENT_RETENTION_DAYS
 * that are rolled up. Its queue is defined before the job queue starts; `work` runs where jobs run.
 */
export function analyticsJobs(app: FastifyInstance) {
  const { jobs, db, config, clock } = app.deps;
  return {
    queues: [{ name: ANALYTICS_QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 3600 }],
    start: async () => {
      await jobs.work(ANALYTICS_QUEUE, async () => {
        const rolled = await rollUpVideoEvents(db);
        const days = config.analytics.rawEventRetentionDays;
        const pruned = days === null ? 0 : await pruneRolledUpEvents(db, days, clock());
        app.log.info({ ...rolled, pruned }, 'video events rolled up for analytics');
      });
      await jobs.schedule(ANALYTICS_QUEUE, ANALYTICS_CRON);
    },
  };
}
