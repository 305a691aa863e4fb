/**
 * Makes a benchmark database at realistic volume: COURSES courses (20 lessons on average), learners with
 * sessions, progress and watch events, and one heavy learner with 50 enrollments and 5,000 progress rows.
 * Writes the session tokens and ids the load needs to OUT (JSON).
 *
 *   npx tsx bench/generate.ts --data-dir DIR --out FILE [--courses 1000] [--database-url URL]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  courses,
  enrollments,
  lessonProgress,
  lessons,
  pricingTiers,
  reviews,
  sections,
  users,
  videoEvents,
  videoSessions,
} from '../apps/api/src/db/schema.ts';
import { rollUpVideoEvents } from '../apps/api/src/modules/analytics/index.ts';
import { createSession } from '../apps/api/src/modules/auth/session.ts';
import { ensureDatabase } from './database.ts';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    out: { type: 'string' },
    courses: { type: 'string', default: '1000' },
    learners: { type: 'string', default: '1000' },
    events: { type: 'string', default: '200000' },
    'database-url': { type: 'string' },
  },
});

const COURSES = Number(args.courses);
const LEARNERS = Number(args.learners);
const EVENTS = Number(args.events);
const HEAVY_COURSES = 50;
const HEAVY_LESSONS_PER_COURSE = 100;
const CHUNK = 1000;
const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;

mkdirSync(args['data-dir'] ?? 'data/bench', { recursive: true });
// The bench's PostgreSQL database is its own: made on first use.
if (args['database-url']) await ensureDatabase(args['database-url']);
const database = await openDatabase({
  url: args['database-url'],
  pgliteDir: args['database-url'] ? undefined : path.join(args['data-dir'] ?? 'data/bench', 'pglite'),
});
await database.migrate();
const { db } = database;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const started = Date.now();
await db.execute(
  sql`truncate video_events, video_sessions, lesson_progress, enrollments, payment_orders, sessions, oauth_accounts, free_lesson_completions, contact_messages, analytics_state, analytics_sessions, analytics_lesson_buckets, analytics_lesson_seconds, analytics_course_learners, users, reviews, pricing_tiers, lessons, sections, courses restart identity cascade`,
);

const courseRows: (typeof courses.$inferInsert)[] = [];
const sectionRows: (typeof sections.$inferInsert)[] = [];
const lessonRows: (typeof lessons.$inferInsert)[] = [];
const tierRows: (typeof pricingTiers.$inferInsert)[] = [];
const reviewRows: (typeof reviews.$inferInsert)[] = [];
for (let c = 0; c < COURSES; c++) {
  const id = `bench-course-${String(c).padStart(6, '0')}`;
  const free = c % 5 === 0;
  courseRows.push({
    id,
    title: `Benchmark Course ${c}: applied AI engineering`,
    description:
      'A generated course for load tests. It covers retrieval, evaluation and deployment of language model systems with hands-on projects.',
    difficulty: DIFFICULTIES[c % 3] ?? 'Beginner',
    pricePaise: free ? 0 : 499_900,
    thumbnail: '',
    instructor: `Instructor ${c % 37}`,
    duration: `${8 + (c % 10)} hours`,
    baseStudents: 200 + ((c * 7919) % 9000),
    rating: 3.9 + ((c * 31) % 11) / 10,
    featured: c % 50 === 0,
    published: true,
    sortOrder: c * 10,
  });
  const lessonCount = c < HEAVY_COURSES ? HEAVY_LESSONS_PER_COURSE : 15;
  sectionRows.push({ id: `${id}-s1`, courseId: id, position: 0, title: 'Lessons' });
  for (let l = 0; l < lessonCount; l++) {
    lessonRows.push({
      id: `${id}-l${l}`,
      courseId: id,
      sectionId: `${id}-s1`,
      position: l,
      title: `Lesson ${l + 1}`,
      description: 'Generated lesson.',
      isFree: l === 0,
      durationSeconds: 96,
      videoType: 'direct',
      videoRef: 'lesson-intro.mp4',
    });
  }
  if (!free) {
    tierRows.push(
      {
        id: `${id}-weekly`,
        courseId: id,
        position: 0,
        title: 'Weekly Access',
        pricePaise: 99_900,
        originalPricePaise: 149_900,
        accessType: 'weekly',
      },
      {
        id: `${id}-lifetime`,
        courseId: id,
        position: 1,
        title: 'Lifetime Access',
        pricePaise: 499_900,
        originalPricePaise: 799_900,
        accessType: 'permanent',
      },
    );
  }
  for (let r = 0; r < 3; r++) {
    reviewRows.push({
      id: `${id}-r${r}`,
      courseId: id,
      author: `Reviewer ${r}`,
      rating: 4 + (r % 2),
      comment: 'Clear, practical and well paced.',
      createdAt: new Date(Date.UTC(2026, 0, 1 + r)),
    });
  }
}
await insertChunked(courseRows, (chunk) => db.insert(courses).values(chunk));
await insertChunked(sectionRows, (chunk) => db.insert(sections).values(chunk));
await insertChunked(lessonRows, (chunk) => db.insert(lessons).values(chunk));
await insertChunked(tierRows, (chunk) => db.insert(pricingTiers).values(chunk));
await insertChunked(reviewRows, (chunk) => db.insert(reviews).values(chunk));

// Learners, each with a session, one enrollment, progress on its lessons and a video session.
const now = new Date();
const learnerIds: string[] = [];
const userRows = Array.from({ length: LEARNERS + 1 }, (_, i) => ({
  email: `learner${i}@bench.example`,
  name: i === 0 ? 'Heavy Learner' : `Learner ${i}`,
}));
await insertChunked(userRows, async (chunk) => {
  const inserted = await db.insert(users).values(chunk).returning({ id: users.id });
  learnerIds.push(...inserted.map((u) => u.id));
});
const [heavyId, ...others] = learnerIds;
if (!heavyId) throw new Error('no learners created');

const tokens: string[] = [];
for (const id of others) tokens.push((await createSession(db, id, now)).token);
const heavyToken = (await createSession(db, heavyId, now)).token;

const enrollmentRows: (typeof enrollments.$inferInsert)[] = [];
const progressRows: (typeof lessonProgress.$inferInsert)[] = [];
for (let c = 0; c < HEAVY_COURSES; c++) {
  const courseId = courseRows[c]?.id ?? '';
  enrollmentRows.push({ userId: heavyId, courseId, accessType: 'permanent', source: 'payment' });
  for (let l = 0; l < HEAVY_LESSONS_PER_COURSE; l++) {
    const done = l < (c * 7) % HEAVY_LESSONS_PER_COURSE;
    progressRows.push({
      userId: heavyId,
      lessonId: `${courseId}-l${l}`,
      courseId,
      resumeSeconds: done ? 0 : 40,
      watchedSeconds: done ? 96 : 40,
      watchedRanges: [[0, done ? 96 : 40]],
      completed: done,
      completedAt: done ? now : null,
    });
  }
}
others.forEach((userId, i) => {
  const course = courseRows[HEAVY_COURSES + (i % (COURSES - HEAVY_COURSES))];
  if (!course?.id) return;
  enrollmentRows.push({ userId, courseId: course.id, accessType: 'permanent', source: 'payment' });
  for (let l = 0; l < 5; l++) {
    progressRows.push({
      userId,
      lessonId: `${course.id}-l${l}`,
      courseId: course.id,
      resumeSeconds: 50,
      watchedSeconds: 50,
      watchedRanges: [[0, 50]],
      completed: false,
    });
  }
});
await insertChunked(enrollmentRows, (chunk) => db.insert(enrollments).values(chunk));
await insertChunked(progressRows, (chunk) => db.insert(lessonProgress).values(chunk));

// One video session per learner on its enrolled course's first lesson: the load posts events into it.
const sessionRows = others.map((userId, i) => {
  const course = courseRows[HEAVY_COURSES + (i % (COURSES - HEAVY_COURSES))];
  return { userId, lessonId: `${course?.id}-l0` };
});
const videoSessionIds: string[] = [];
await insertChunked(sessionRows, async (chunk) => {
  const inserted = await db.insert(videoSessions).values(chunk).returning({ id: videoSessions.id });
  videoSessionIds.push(...inserted.map((s) => s.id));
});
const eventRows = Array.from({ length: EVENTS }, (_, i) => ({
  sessionId: videoSessionIds[i % videoSessionIds.length] ?? '',
  eventType: (['play', 'pause', 'seek', 'complete'] as const)[i % 4] ?? 'play',
  positionSec: i % 96,
}));
await insertChunked(eventRows, (chunk) => db.insert(videoEvents).values(chunk));
await db.execute(sql`analyze`);

const learners = others.map((_, i) => ({
  token: tokens[i],
  sessionId: videoSessionIds[i],
  lessonId: sessionRows[i]?.lessonId,
}));
writeFileSync(
  args.out ?? 'bench/results/fixtures.json',
  JSON.stringify({
    courses: COURSES,
    lessons: lessonRows.length,
    heavyToken,
    learners,
    lastPage: Math.ceil(COURSES / 9),
  }),
);
// A running product rolls its video events up every minute (decision 026): the generated history is rolled up
// here, as it would have been, so the measured product is not catching up on 200,000 events during the load.
const rolled = await rollUpVideoEvents(database.db);
await database.close();
console.log(`rolled ${rolled.events} video events up for analytics`);
console.log(
  `generated ${COURSES} courses, ${lessonRows.length} lessons, ${LEARNERS + 1} learners, ${progressRows.length} progress rows, ${EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
