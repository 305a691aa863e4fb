/**
 * The console analytics at volume (decision 026), on PostgreSQL: generates LEARNERS learners (default 100,000) and
 * EVENTS video events (default 10 million; ten a session: plays, pauses, seeks back and completes at spread-out
 * positions) with generate_series in SQL, rolls them up with the product's own rollup, then times each console
 * query (sales overview, a course's funnel, a lesson's drop-off) against the 1 s target, and one incremental
 * rollup of events stored after the first.
 *
 *   npx tsx bench/analytics.ts --database-url URL [--events 10000000] [--learners 100000] [--runs 20] [--reuse]
 *     [--out FILE]
 *
 * It empties the product's tables first: give it a database of its own (e.g. kaushal_bench_analytics).
 * --reuse keeps a database generated before with the same sizes (only the timings run again).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { dropOff, funnel, overview } from '../apps/api/src/modules/analytics/queries.ts';
import { rollUpVideoEvents } from '../apps/api/src/modules/analytics/rollup.ts';
import { ensureDatabase } from './database.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    events: { type: 'string', default: '10000000' },
    learners: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    reuse: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const url = args['database-url'] ?? process.env.DATABASE_URL;
if (!url) {
  console.error('bench/analytics.ts needs PostgreSQL: --database-url or DATABASE_URL (a database of its own)');
  process.exit(2);
}
const EVENTS_PER_SESSION = 10;
const SESSIONS = Math.ceil(Number(args.events) / EVENTS_PER_SESSION);
const EVENTS = SESSIONS * EVENTS_PER_SESSION;
const LEARNERS = Number(args.learners);
const RUNS = Number(args.runs);
const COURSES = 20;
const LESSONS = 10;
const DAYS = 90;
/** Sessions inserted per statement (ten events each). */
const SESSION_CHUNK = 100_000;
const TARGET_MS = 1000;

const log = (...parts: unknown[]) => console.log(`[analytics ${new Date().toISOString().slice(11, 19)}]`, ...parts);

await ensureDatabase(url);
const database = await openDatabase({ url, poolSize: 4 });
await database.migrate();
// Generation runs long statements: a client of its own, without the product's 15 s query timeout.
const client = new pg.Client({ connectionString: url });
await client.connect();
const run = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;

const count = async (table: string) => Number((await run(`select count(*)::bigint as n from ${table}`))[0]?.n ?? 0);
const generated = args.reuse && (await count('video_events')) === EVENTS && (await count('users')) === LEARNERS;

const timings: Record<string, number> = {};
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings[name] = (performance.now() - started) / 1000;
  log(`${name}: ${timings[name]?.toFixed(1)} s`);
  return result;
}

if (!generated) {
  log(`generating ${LEARNERS.toLocaleString('en')} learners and ${EVENTS.toLocaleString('en')} events`);
  await timed('generate: catalogue, learners, enrollments, orders, progress, visits', async () => {
    await run(`truncate video_events, video_sessions, lesson_progress, enrollments, refunds, invoices,
      coupon_redemptions, payment_orders, sessions, oauth_accounts, free_lesson_completions, contact_messages,
      email_messages, user_roles, course_instructors, certificates, quiz_attempts, quizzes, lesson_notes,
      lesson_resources, reviews, pricing_tiers, lessons, sections, courses, users, analytics_state,
      analytics_sessions, analytics_lesson_buckets, analytics_lesson_seconds, analytics_course_learners,
      course_page_visits, course_page_learners restart identity cascade`);
    await run(
      `insert into courses (id, title, difficulty, price_paise, published, sort_order)
       select 'bench-an-' || lpad(c::text, 2, '0'), 'Analytics bench course ' || c, 'Beginner', 499900, true, c
       from generate_series(0, $1 - 1) c`,
      [COURSES],
    );
    await run(`insert into sections (id, course_id, position, title)
      select id || '-s', id, 1, 'All lessons' from courses`);
    // Lessons of 5 to 10 minutes; the first two of each course free.
    await run(
      `insert into lessons (id, course_id, section_id, position, title, is_free, duration_seconds)
       select c.id || '-' || lpad(l::text, 2, '0'), c.id, c.id || '-s', l, 'Lesson ' || l, l <= 2, 300 + 60 * (l % 6)
       from courses c cross join generate_series(1, $1) l`,
      [LESSONS],
    );
    // Learners signed up over the last DAYS days; learner u studies course u % COURSES.
    await run(
      `insert into users (id, email, name, created_at)
       select md5('bench-an-user-' || u)::uuid, 'bench-an-' || u || '@example.com', 'Learner ' || u,
              now() - make_interval(days => u % $2, secs => u % 86400)
       from generate_series(0, $1 - 1) u`,
      [LEARNERS, DAYS],
    );
    // A third pay (one in twenty of those refunded), the rest enroll free.
    await run(
      `insert into enrollments (user_id, course_id, access_type, source, created_at)
       select md5('bench-an-user-' || u)::uuid, 'bench-an-' || lpad((u % $2)::text, 2, '0'), 'permanent',
              case when u % 3 = 0 then 'payment' else 'free' end,
              now() - make_interval(days => u % $3, secs => u % 86400) + interval '1 hour'
       from generate_series(0, $1 - 1) u`,
      [LEARNERS, COURSES, DAYS],
    );
    await run(
      `insert into payment_orders (id, user_id, course_id, access_type, amount_paise, status, provider_payment_id,
                                   created_at, paid_at, refunded_paise, refunded_at)
       select 'order_BENCHAN' || u, md5('bench-an-user-' || u)::uuid, 'bench-an-' || lpad((u % $2)::text, 2, '0'),
              'permanent', 499900, case when u % 60 = 0 then 'refunded' else 'paid' end, 'pay_BENCHAN' || u,
              t, t, case when u % 60 = 0 then 499900 else 0 end, case when u % 60 = 0 then t + interval '1 day' end
       from generate_series(0, $1 - 1) u,
            lateral (select now() - make_interval(days => u % $3, secs => u % 86400) + interval '1 hour' as t) tt
       where u % 3 = 0`,
      [LEARNERS, COURSES, DAYS],
    );
    await run(`insert into refunds (order_id, user_id, kind, status, amount_paise, created_at, processed_at)
      select id, user_id, 'self_serve', 'processed', amount_paise, refunded_at, refunded_at
      from payment_orders where status = 'refunded'`);
    // One learner in ten completes every lesson of their course.
    await run(
      `insert into lesson_progress (user_id, lesson_id, course_id, watched_seconds, completed, completed_at)
       select md5('bench-an-user-' || u)::uuid, l.id, l.course_id, l.duration_seconds, true,
              now() - make_interval(days => greatest(0, u % $3 - 5))
       from generate_series(0, $1 - 1) u
       join lessons l on l.course_id = 'bench-an-' || lpad((u % $2)::text, 2, '0')
       where u % 10 = 0`,
      [LEARNERS, COURSES, DAYS],
    );
    // Visit counts as the beacon leaves them: per course and day, and each learner's first visit.
    await run(
      `insert into course_page_visits (course_id, day, visitors)
       select c.id, to_char(current_date - d, 'YYYY-MM-DD'), 200 + (c.sort_order * d) % 50
       from courses c cross join generate_series(0, $1 - 1) d`,
      [DAYS],
    );
    await run(
      `insert into course_page_learners (course_id, user_id, first_day)
       select 'bench-an-' || lpad((u % $2)::text, 2, '0'), md5('bench-an-user-' || u)::uuid,
              to_char(now() - make_interval(days => u % $3), 'YYYY-MM-DD')
       from generate_series(0, $1 - 1) u`,
      [LEARNERS, COURSES, DAYS],
    );
  });

  // Session s: learner s % LEARNERS, a lesson of their course; ten events: play and pause in steps of 6 to 78 s,
  // every fourth session seeking back half a step at its third event, every fifth completing at its last.
  await timed('generate: video sessions and events', async () => {
    for (let from = 0; from < SESSIONS; from += SESSION_CHUNK) {
      const to = Math.min(SESSIONS, from + SESSION_CHUNK) - 1;
      await run(
        `insert into video_sessions (id, user_id, lesson_id, created_at)
         select md5('bench-an-session-' || s)::uuid, md5('bench-an-user-' || (s % $3))::uuid,
                'bench-an-' || lpad(((s % $3) % $4)::text, 2, '0') || '-' || lpad(((s / $3) % $5 + 1)::text, 2, '0'),
                now() - make_interval(days => s % $6, secs => s % 80000)
         from generate_series($1::int, $2::int) s`,
        [from, to, LEARNERS, COURSES, LESSONS, DAYS],
      );
      await run(
        `insert into video_events (session_id, event_type, position_sec, created_at)
         select vs.id,
                case when j = 9 and s % 5 = 0 then 'complete'
                     when j = 4 and s % 4 = 0 then 'seek'
                     when j % 2 = 0 then 'play' else 'pause' end,
                case when j = 9 and s % 5 = 0 then l.duration_seconds
                     when j = 4 and s % 4 = 0 then least(l.duration_seconds, step * 1.5)
                     else least(l.duration_seconds, ((j + 1) / 2) * step) end,
                vs.created_at + make_interval(secs => j * 30)
         from generate_series($1::int, $2::int) s
         cross join lateral (select ((s * 7) % 13 + 1) * 6 as step) st
         join video_sessions vs on vs.id = md5('bench-an-session-' || s)::uuid
         join lessons l on l.id = vs.lesson_id
         cross join generate_series(0, 9) j
         order by s, j`,
        [from, to],
      );
      log(`  ${(to + 1).toLocaleString('en')} of ${SESSIONS.toLocaleString('en')} sessions`);
    }
  });
  await run('analyze');
}

const rolled = await timed('rollup: every stored event (first run, batches of 100,000)', () =>
  rollUpVideoEvents(database.db, { batchSize: 100_000 }),
);
log(`rolled up ${rolled.events.toLocaleString('en')} events`);

// The job's usual run: the events of the last few minutes (10,000: a thousand sessions of ten).
await run(`insert into video_events (session_id, event_type, position_sec)
  select id, case when j % 2 = 0 then 'play' else 'pause' end, j * 5
  from (select id from video_sessions order by id limit 1000) vs cross join generate_series(0, 9) j`);
const incremental = await timed('rollup: 10,000 new events (a usual run)', () => rollUpVideoEvents(database.db));
await run('analyze');

// The console's queries, as the routes call them (an admin: every course, money), RUNS times each.
const istDay = (offset: number) => new Date(Date.now() + 330 * 60_000 - offset * 86_400_000).toISOString().slice(0, 10);
const range90 = { from: istDay(DAYS - 1), to: istDay(0) };
const range30 = { from: istDay(29), to: istDay(0) };
const courseOf = (i: number) => {
  const id = `bench-an-${String(i % COURSES).padStart(2, '0')}`;
  return { id, title: id };
};
const lessonOf = (i: number) => {
  const course = courseOf(i).id;
  const position = (i % LESSONS) + 1;
  return {
    id: `${course}-${String(position).padStart(2, '0')}`,
    courseId: course,
    title: course,
    durationSeconds: 300 + 60 * (position % 6),
  };
};
const admin = { courseIds: null, money: true, learners: true };
const queries: Array<[string, (i: number) => Promise<unknown>]> = [
  ['overview: 90 days, every course, with money', () => overview(database.db, range90, admin)],
  ['overview: 30 days', () => overview(database.db, range30, admin)],
  ['funnel of a course: 90 days', (i) => funnel(database.db, courseOf(i), range90)],
  [
    'drop-off of a lesson: 90 days (21 points, last seen, rewatched)',
    (i) => dropOff(database.db, lessonOf(i), range90),
  ],
];
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const results: Array<{ query: string; p50: number; p95: number; max: number; withinTarget: boolean }> = [];
for (const [name, query] of queries) {
  await query(0); // warm the cache once
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await query(i + 1);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const row = { query: name, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] ?? 0 };
  results.push({ ...row, withinTarget: row.p95 < TARGET_MS });
}
const sample = await dropOff(database.db, lessonOf(0), range90);

const summary = {
  database: 'postgres',
  learners: await count('users'),
  events: await count('video_events'),
  sessions: await count('video_sessions'),
  rollupRows: {
    sessions: await count('analytics_sessions'),
    lessonBuckets: await count('analytics_lesson_buckets'),
    lessonSeconds: await count('analytics_lesson_seconds'),
    courseLearners: await count('analytics_course_learners'),
  },
  rollup: { firstRunSeconds: timings['rollup: every stored event (first run, batches of 100,000)'], incremental },
  timings,
  runs: RUNS,
  targetMs: TARGET_MS,
  queries: results,
  sampleLesson: { lessonId: sample.lessonId, viewers: sample.viewers, reach: sample.reach.map((r) => r.viewers) },
};
await client.end();
await database.close();
if (args.out) writeFileSync(args.out, JSON.stringify(summary, null, 2));

console.log(
  `\nConsole analytics on PostgreSQL: ${summary.learners.toLocaleString('en')} learners, ${summary.events.toLocaleString('en')} video events in ${summary.sessions.toLocaleString('en')} sessions; ${RUNS} runs of each query (target: p95 under ${TARGET_MS} ms)`,
);
console.log('| query | p50 ms | p95 ms | max ms | within 1 s |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.query} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.withinTarget ? 'yes' : 'NO'} |`,
  );
}
console.log(
  `rollup: first run ${summary.rollup.firstRunSeconds?.toFixed(1)} s for ${rolled.events.toLocaleString('en')} events; a usual run (${incremental.events.toLocaleString('en')} new events) ${timings['rollup: 10,000 new events (a usual run)']?.toFixed(2)} s`,
);
if (results.some((r) => !r.withinTarget)) process.exitCode = 1;
