import { type Endpoint, endpoints, type StaffRole } from '@kaushal/contract';
import { and, asc, count, eq, inArray, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  contactMessages,
  coupons,
  courseInstructors,
  courses,
  enrollments,
  lessonResources,
  lessons,
  pricingTiers,
  quizzes,
  refunds,
  sections,
  userRoles,
} from '../src/db/schema.ts';
import { openWorkingCopy } from '../src/modules/admin/drafts.ts';
import { TEST_ORIGIN, type TestContext, useTestApp } from './app.ts';
import { freshAddress, insertEnrollment, insertLearner, type TestLearner } from './support/learners.ts';
import { insertCancellationRequest, insertPaidOrder } from './support/paid-orders.ts';
import { fingerprintTables } from './support/table-fingerprint.ts';
import { tinyVideo, tusMetadata } from './support/tiny-video.ts';

/**
 * Who may do what in the staff console (/api/v1/admin). Columns: nobody signed in; a learner with no staff role;
 * an instructor who teaches another course; an instructor of this course (the course every row addresses);
 * support; admin. Cells: the status, and the error code whose readable detail is checked too. Every write sends
 * a valid body naming the course's current version, so the caller is the only reason for a refusal; each call
 * that is refused must leave no audit row, and each staff write that succeeds must leave one (the last tests).
 *
 * Reading a course: admin and support read every course, an instructor their own. Editing it (details,
 * publishing, tiers, outline, lessons): admin, or its instructor; support reads only. Creating courses, choosing instructors,
 * users, roles, the audit log and coupons: admin alone. The outbox, orders and refunds (decision 024): admin and
 * support, whoever teaches the course the order bought; the accountant's CSV of every order: admin alone.
 * Learners (their accounts, and access granted or revoked by hand) and the support inbox (contact messages as
 * tickets, decision 025): admin and support; teaching a course shows no one's account or messages.
 * Analytics (decision 026): admin and support read every course's, an instructor their own courses'; money figures
 * (revenue, refunds) are for admins alone, and sign-ups for admin and support; "update now" for admin and support.
 * Uploads (decision 020) follow the course: a lesson's video (begun, continued), captions and the thumbnail are
 * edits; how a video upload stands is read like the course.
 */
const MATRIX = `
  endpoint                          | anonymous | learner           | instructor of another course | instructor of this course | support           | admin
  GET my console roles              | 401       | 200               | 200                          | 200                       | 200               | 200
  GET the course list               | 401       | 403 role_required | 200                          | 200                       | 200               | 200
  POST create a course              | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 201
  GET this course                   | 401       | 403 role_required | 403 not_your_course          | 200                       | 200               | 200
  PATCH this course                 | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST publish this course          | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST unpublish this course        | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST discard this course's draft  | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST add a pricing tier           | 401       | 403 role_required | 403 not_your_course          | 201                       | 403 role_required | 201
  PUT edit a pricing tier           | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST archive a pricing tier       | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  DELETE an unbought pricing tier   | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  PUT reorder the pricing tiers     | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  PUT save this course's outline    | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST add a lesson                 | 401       | 403 role_required | 403 not_your_course          | 201                       | 403 role_required | 201
  PATCH edit a lesson               | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  PUT set this course's instructors | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  GET find users                    | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  PUT set a user's roles            | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  GET find learners                 | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET a learner's page              | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST grant a learner access       | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST revoke a learner's access    | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET the audit log                 | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  GET the email list                | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST start a video upload         | 401       | 403 role_required | 403 not_your_course          | 201                       | 403 role_required | 201
  GET a video upload's status       | 401       | 403 role_required | 403 not_your_course          | 200                       | 200               | 200
  PATCH a video upload's bytes      | 401       | 403 role_required | 403 not_your_course          | 204                       | 403 role_required | 204
  PUT a lesson's captions           | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  DELETE a lesson's captions        | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  PUT this course's thumbnail       | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  POST add a lesson resource        | 401       | 403 role_required | 403 not_your_course          | 201                       | 403 role_required | 201
  PATCH rename a lesson resource    | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  DELETE a lesson resource          | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  PUT reorder a lesson's resources  | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  GET this course's quizzes         | 401       | 403 role_required | 403 not_your_course          | 200                       | 200               | 200
  PUT a section's quiz              | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  DELETE a section's quiz           | 401       | 403 role_required | 403 not_your_course          | 200                       | 403 role_required | 200
  GET the coupons                   | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  POST create a coupon              | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  PATCH a coupon                    | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  GET the refunds                   | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST decide a refund request      | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET find orders                   | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET export orders as CSV          | 401       | 403 role_required | 403 role_required            | 403 role_required         | 403 role_required | 200
  GET an order                      | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST refund an order              | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET the support inbox             | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET a ticket                      | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  PATCH a ticket                    | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST reply to a ticket            | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  POST a note on a ticket           | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
  GET the analytics overview        | 401       | 403 role_required | 200                          | 200                       | 200               | 200
  GET this course's funnel          | 401       | 403 role_required | 403 not_your_course          | 200                       | 200               | 200
  GET a lesson's drop-off           | 401       | 403 role_required | 403 not_your_course          | 200                       | 200               | 200
  POST update the analytics now     | 401       | 403 role_required | 403 role_required            | 403 role_required         | 200               | 200
`;

/** The course every row addresses (published, with lessons and tiers), and the one the other instructor teaches. */
const COURSE = 'rag-from-scratch';
const TIER = 'rag-from-scratch-weekly';
const LESSON = 'rag-from-scratch-01';
const OTHER_COURSE = 'llm-evaluation';

/** The readable detail every refusal code must carry; not_your_course names reading or editing. */
const READ_NOT_YOURS = 'You can open only the courses you teach.';
const EDIT_NOT_YOURS = 'You can edit only the courses you teach.';
const DETAILS: Record<string, (endpoint: string) => string> = {
  unauthorized: () => 'Please sign in to continue.',
  role_required: () => 'This part of the console is for staff with another role.',
  not_your_course: (endpoint) => (endpoint.startsWith('GET ') ? READ_NOT_YOURS : EDIT_NOT_YOURS),
};

const CALLERS = [
  'anonymous',
  'learner',
  'instructor of another course',
  'instructor of this course',
  'support',
  'admin',
] as const;
type CallerName = (typeof CALLERS)[number];

const ROLES: Record<Exclude<CallerName, 'anonymous'>, StaffRole[]> = {
  learner: [],
  'instructor of another course': ['instructor'],
  'instructor of this course': ['instructor'],
  support: ['support'],
  admin: ['admin'],
};

interface Row {
  endpoint: string;
  cells: Record<CallerName, string>;
}

function parseMatrix(text: string): Row[] {
  const lines = text
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const [header, ...body] = lines;
  expect(header?.slice(1)).toEqual([...CALLERS]);
  return body.map(([endpoint, ...cells]) => ({
    endpoint: endpoint as string,
    cells: Object.fromEntries(CALLERS.map((caller, i) => [caller, cells[i] as string])) as Row['cells'],
  }));
}

interface World {
  callers: Record<CallerName, TestLearner | null>;
  /** A user with no role, whose roles the last row sets. */
  target: TestLearner;
  /** Video uploads the admin began for the course (tus, no byte sent): the upload rows continue them. */
  videoUploads: string[];
  /** A coupon of the course, for the coupon edit row. */
  couponId: string;
  /** A learner's paid order of the course, which the order rows read and refund ₹1 of at a time. */
  orderId: string;
  /** Cancellation requests of the learner's other orders, for the decision row (each approval takes the next). */
  requestIds: string[];
  /** A contact message of the buyer's: a ticket in the support inbox. */
  ticketId: string;
}

async function buildWorld(ctx: TestContext): Promise<World> {
  const { db } = ctx.database;
  const now = ctx.clock.now;
  const named = Object.keys(ROLES) as Array<keyof typeof ROLES>;
  const people = await Promise.all(named.map((name) => insertLearner(db, now, name)));
  const byName = Object.fromEntries(named.map((name, i) => [name, people[i] as TestLearner])) as Record<
    keyof typeof ROLES,
    TestLearner
  >;
  const grants = named.flatMap((name) => ROLES[name].map((role) => ({ userId: byName[name].id, role })));
  await db.insert(userRoles).values(grants);
  await db.insert(courseInstructors).values([
    { courseId: COURSE, userId: byName['instructor of this course'].id },
    { courseId: OTHER_COURSE, userId: byName['instructor of another course'].id },
  ]);
  const target = await insertLearner(db, now, 'Role Target');
  // Enrolled in the other course, for the revoke row (each allowed caller's revoke is given back: ensureEnrolled).
  await insertEnrollment(db, target.id, OTHER_COURSE, { accessType: 'permanent' });
  // Tiers nobody bought, for the rows that delete one (each successful call takes the next).
  await db.insert(pricingTiers).values(
    [1, 2, 3].map((n) => ({
      id: `${COURSE}-deletable-${n}`,
      courseId: COURSE,
      position: 90 + n,
      title: `Deletable ${n}`,
      pricePaise: 100,
      originalPricePaise: 100,
      accessType: 'weekly' as const,
    })),
  );
  // Begun here, before any row counts audit rows: each successful PATCH row finishes one (uploads.ts, below).
  const videoUploads = await Promise.all([1, 2, 3].map(() => startVideoUpload(ctx, byName.admin)));
  // The published course has unpublished changes (a draft), as it will while staff work on it: the discard row
  // has one to throw away, and every other edit row writes through it.
  await ensureDraft(ctx);
  await ensureCaptions(ctx);
  await ensureResource(ctx);
  const [coupon] = await db
    .insert(coupons)
    .values({ code: 'MATRIX10', kind: 'percent', value: 10, scope: 'courses', courseIds: [COURSE] })
    .returning({ id: coupons.id });
  if (!coupon) throw new Error('no coupon');
  // A buyer of the course (it is the instructor's: teaching it grants no look at its orders).
  const buyer = await insertLearner(db, now, 'Matrix Buyer');
  const paid = (suffix: string, hoursAgo: number) => ({
    id: `order_MATRIX${suffix}`,
    userId: buyer.id,
    courseId: COURSE,
    paidAt: new Date(now.getTime() - hoursAgo * 3_600_000),
  });
  const { orderId } = await insertPaidOrder(db, paid('PAID', 1), ctx.app.deps.config.invoicing);
  const requestIds: string[] = [];
  for (const suffix of ['ASKED1', 'ASKED2']) {
    const order = paid(suffix, 13);
    await insertPaidOrder(db, order, ctx.app.deps.config.invoicing);
    requestIds.push(await insertCancellationRequest(db, order, now));
  }
  const ticketId = 'TKT-20261127-MATR1X';
  await db.insert(contactMessages).values({
    ticketId,
    name: 'Matrix Buyer',
    email: buyer.email,
    subject: 'My invoice',
    category: 'billing',
    message: 'Where do I download my invoice?',
    userId: buyer.id,
    awaitingSince: now,
    lastLearnerMessageAt: now,
  });
  return {
    callers: { anonymous: null, ...byName },
    target,
    videoUploads,
    couponId: coupon.id,
    orderId,
    requestIds,
    ticketId,
  };
}

/** The world's ticket's version now (each allowed caller's change bumps it). */
async function ticketState(world: World, ctx: TestContext) {
  const [row] = await ctx.database.db
    .select({ version: contactMessages.version, status: contactMessages.status })
    .from(contactMessages)
    .where(eq(contactMessages.ticketId, world.ticketId));
  if (!row) throw new Error('no ticket');
  return row;
}

/** The target enrolled in the other course again after a revoke (a direct write, no audit row). */
async function ensureEnrolled(world: World, ctx: TestContext) {
  const db = ctx.database.db;
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, world.target.id), eq(enrollments.courseId, OTHER_COURSE)));
  if (!row) await insertEnrollment(db, world.target.id, OTHER_COURSE, { accessType: 'permanent' });
}

/** One of the world's cancellation requests still waiting for a decision. */
async function undecidedRequest(world: World, ctx: TestContext): Promise<string> {
  const waiting = await ctx.database.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.id, world.requestIds), eq(refunds.status, 'requested')));
  const id = world.requestIds.find((r) => waiting.some((w) => w.id === r));
  if (!id) throw new Error('every cancellation request of the world is decided: add more in buildWorld');
  return id;
}

/** Opens the course's draft if it has none (as its first edit would, without the edit). */
async function ensureDraft(ctx: TestContext) {
  await ctx.database.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, COURSE));
    if (!course) throw new Error(`no course ${COURSE}`);
    await openWorkingCopy(tx, course, ctx.clock.now);
  });
}

/** Gives the lesson (in the world's draft) Hindi captions if it has none, for the removal row. */
async function ensureCaptions(ctx: TestContext) {
  const { db } = ctx.database;
  const [row] = await db.select().from(lessons).where(eq(lessons.draftOf, LESSON));
  if (!row) throw new Error(`no draft of ${LESSON}`);
  if (row.captions.some((c) => c.lang === 'hi')) return;
  await db
    .update(lessons)
    .set({ captions: [...row.captions, { lang: 'hi', label: 'Hindi', key: 'uploads/matrix-hi.vtt' }] })
    .where(eq(lessons.id, row.id));
}

/**
 * Gives the lesson (in the world's draft) a resource if it has none, for the rename, reorder and removal rows;
 * answers the resources it has, in order.
 */
async function ensureResource(ctx: TestContext): Promise<string[]> {
  const { db } = ctx.database;
  const [row] = await db.select().from(lessons).where(eq(lessons.draftOf, LESSON));
  if (!row) throw new Error(`no draft of ${LESSON}`);
  const list = async () =>
    (
      await db
        .select({ id: lessonResources.id })
        .from(lessonResources)
        .where(eq(lessonResources.lessonId, row.id))
        .orderBy(asc(lessonResources.position))
    ).map((r) => r.id);
  if ((await list()).length > 0) return list();
  await db.insert(lessonResources).values({
    lessonId: row.id,
    position: 0,
    title: 'Matrix notebook',
    fileName: 'matrix.ipynb',
    mediaKey: 'uploads/matrix-notebook.ipynb',
    contentType: 'application/x-ipynb+json',
    sizeBytes: 10,
  });
  return list();
}

/** The section every quiz row addresses, by the id the console knows it by (its published id). */
const SECTION = `${COURSE}-s1`;
const MATRIX_QUESTIONS = [
  {
    id: 'q1',
    kind: 'single',
    prompt: 'Which step finds the passages?',
    options: [
      { id: 'a', text: 'Retrieval' },
      { id: 'b', text: 'Generation' },
    ],
    correctOptionIds: ['a'],
    explanation: 'Retrieval finds them; generation writes the answer.',
  },
];

/** Gives the section (in the world's draft) a quiz if it has none, for the removal row (a direct write). */
async function ensureQuiz(ctx: TestContext) {
  const { db } = ctx.database;
  const [section] = await db.select().from(sections).where(eq(sections.draftOf, SECTION));
  if (!section) throw new Error(`no draft of ${SECTION}`);
  const [quiz] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.sectionId, section.id));
  if (quiz) return;
  await db.insert(quizzes).values({
    id: `matrix-quiz-${Math.random().toString(16).slice(2, 10)}`,
    courseId: section.courseId,
    sectionId: section.id,
    title: 'Matrix quiz',
    passPercent: 50,
    questions: [],
  });
}

const MATRIX_NOTEBOOK = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] });

/** The course's version as it is now: each write names it, as an editor who just loaded the course would. */
async function currentVersion(ctx: TestContext, id = COURSE): Promise<number> {
  const [row] = await ctx.database.db.select({ version: courses.version }).from(courses).where(eq(courses.id, id));
  if (!row) throw new Error(`no course ${id}`);
  return row.version;
}

/** The course's outline as it is now: its sections in order, each with its lessons in order. */
async function currentOutline(ctx: TestContext) {
  const { db } = ctx.database;
  const outline = (
    await db
      .select({ id: sections.id, title: sections.title })
      .from(sections)
      .where(eq(sections.courseId, COURSE))
      .orderBy(asc(sections.position))
  ).map((section) => ({ ...section, lessonIds: [] as string[] }));
  const rows = await db
    .select({ id: lessons.id, sectionId: lessons.sectionId })
    .from(lessons)
    .where(eq(lessons.courseId, COURSE))
    .orderBy(asc(lessons.position));
  for (const lesson of rows) outline.find((s) => s.id === lesson.sectionId)?.lessonIds.push(lesson.id);
  return outline;
}

/** The tus headers of a video upload of the tiny video for the row's lesson (decision 020). */
async function videoUploadHeaders() {
  return {
    'tus-resumable': '1.0.0',
    'upload-length': String((await tinyVideo()).length),
    'upload-metadata': tusMetadata({ courseId: COURSE, lessonId: LESSON, filename: 'matrix.mp4' }),
  };
}

/** Begins a video upload as `admin` (written: an audit row and the upload's files). */
async function startVideoUpload(ctx: TestContext, admin: TestLearner): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/uploads/videos',
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie, ...(await videoUploadHeaders()) },
  });
  if (res.statusCode !== 201) throw new Error(`no video upload: ${res.body}`);
  return String(res.headers.location).split('/').pop() as string;
}

/** One of the world's uploads still at offset 0 (asked with HEAD, which writes nothing). */
async function unfinishedUpload(world: World, ctx: TestContext): Promise<string> {
  for (const id of world.videoUploads) {
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: `/api/v1/admin/uploads/videos/${id}`,
      headers: { 'tus-resumable': '1.0.0', cookie: world.callers.admin?.cookie ?? '' },
    });
    if (res.headers['upload-offset'] === '0') return id;
  }
  throw new Error('every video upload of the world is finished: begin more in buildWorld');
}

/** Each new lesson needs an id of its own. */
let lessonCount = 0;

type RequestFor = (world: World, ctx: TestContext) => Promise<InjectOptions> | InjectOptions;

interface Planned {
  /** The entry of the contract's endpoint table this row exercises. */
  endpoint: Endpoint;
  request: RequestFor;
}

const api = (path: string) => `/api/v1/admin${path}`;
const read = (endpoint: Endpoint, path: string): Planned => ({
  endpoint,
  request: () => ({ method: 'GET', url: api(path) }),
});
const write = (
  endpoint: Endpoint,
  path: string,
  body: (world: World, ctx: TestContext) => Promise<Record<string, unknown>> | Record<string, unknown>,
): Planned => ({
  endpoint,
  request: async (world, ctx) => ({
    method: endpoint.method,
    url: api(path),
    headers: { origin: TEST_ORIGIN },
    payload: await body(world, ctx),
  }),
});
const atVersion =
  (fields: Record<string, unknown> = {}) =>
  async (_world: World, ctx: TestContext) => ({ version: await currentVersion(ctx), ...fields });

const REQUESTS: Record<string, Planned> = {
  'GET my console roles': read(endpoints.adminMe, '/me'),
  'GET the course list': read(endpoints.adminCourses, '/courses?size=100'),
  'POST create a course': write(endpoints.adminCreateCourse, '/courses', () => ({
    id: 'matrix-new-course',
    title: 'Matrix New Course',
    difficulty: 'Beginner',
    pricePaise: 0,
  })),
  'GET this course': read(endpoints.adminCourse, `/courses/${COURSE}`),
  'PATCH this course': write(
    endpoints.adminUpdateCourse,
    `/courses/${COURSE}`,
    atVersion({ description: 'Retrieval, step by step.' }),
  ),
  'POST publish this course': write(endpoints.adminPublishCourse, `/courses/${COURSE}/publish`, atVersion()),
  'POST unpublish this course': write(endpoints.adminUnpublishCourse, `/courses/${COURSE}/unpublish`, atVersion()),
  "POST discard this course's draft": write(
    endpoints.adminDiscardDraft,
    `/courses/${COURSE}/discard-draft`,
    async (_world, ctx) => {
      // Each allowed caller discards the draft: the next finds a new one (opening it writes no audit row).
      await ensureDraft(ctx);
      return { version: await currentVersion(ctx) };
    },
  ),
  'POST add a pricing tier': write(
    endpoints.adminCreateTier,
    `/courses/${COURSE}/tiers`,
    atVersion({ title: 'Team of five', pricePaise: 1_999_900, originalPricePaise: 2_499_900, accessType: 'permanent' }),
  ),
  'PUT edit a pricing tier': write(
    endpoints.adminUpdateTier,
    `/courses/${COURSE}/tiers/${TIER}`,
    atVersion({ title: 'Weekly Access', pricePaise: 89_900, originalPricePaise: 149_900, accessType: 'weekly' }),
  ),
  'POST archive a pricing tier': write(
    endpoints.adminArchiveTier,
    `/courses/${COURSE}/tiers/${TIER}/archive`,
    // Offered again: a valid write whatever the tier's state, which the caller alone can refuse.
    atVersion({ archived: false }),
  ),
  'DELETE an unbought pricing tier': {
    endpoint: endpoints.adminDeleteTier,
    request: async (_world, ctx) => {
      const [next] = await ctx.database.db
        .select({ id: pricingTiers.id })
        .from(pricingTiers)
        .where(like(pricingTiers.id, `${COURSE}-deletable-%`))
        .orderBy(asc(pricingTiers.id))
        .limit(1);
      if (!next) throw new Error('every deletable tier of the world is gone: insert more in buildWorld');
      return {
        method: 'DELETE',
        url: api(`/courses/${COURSE}/tiers/${next.id}?version=${await currentVersion(ctx)}`),
        headers: { origin: TEST_ORIGIN },
      };
    },
  },
  'PUT reorder the pricing tiers': write(
    endpoints.adminReorderTiers,
    `/courses/${COURSE}/tier-order`,
    async (_world, ctx) => {
      const tiers = await ctx.database.db
        .select({ id: pricingTiers.id })
        .from(pricingTiers)
        .where(eq(pricingTiers.courseId, COURSE))
        .orderBy(asc(pricingTiers.position));
      return { version: await currentVersion(ctx), tierIds: tiers.map((t) => t.id).reverse() };
    },
  ),
  "PUT save this course's outline": write(
    endpoints.adminCourseOutline,
    `/courses/${COURSE}/outline`,
    async (_world, ctx) => {
      // The sections in reverse order, each keeping its lessons.
      const outline = await currentOutline(ctx);
      return { version: await currentVersion(ctx), sections: outline.reverse() };
    },
  ),
  'POST add a lesson': write(endpoints.adminCreateLesson, `/courses/${COURSE}/lessons`, async (_world, ctx) => {
    lessonCount += 1;
    return {
      version: await currentVersion(ctx),
      sectionId: (await currentOutline(ctx))[0]?.id,
      id: `matrix-lesson-${lessonCount}`,
      title: `Matrix Lesson ${lessonCount}`,
      youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    };
  }),
  'PATCH edit a lesson': write(
    endpoints.adminUpdateLesson,
    `/courses/${COURSE}/lessons/${LESSON}`,
    atVersion({ title: 'Why Retrieval, Revised', isFree: true }),
  ),
  "PUT set this course's instructors": write(
    endpoints.adminCourseInstructors,
    `/courses/${COURSE}/instructors`,
    async (world, ctx) => ({
      version: await currentVersion(ctx),
      userIds: [world.callers['instructor of this course']?.id],
    }),
  ),
  'GET find users': read(endpoints.adminUsers, '/users?q=example.com'),
  "PUT set a user's roles": {
    endpoint: endpoints.adminUserRoles,
    request: (world) => ({
      method: 'PUT',
      url: api(`/users/${world.target.id}/roles`),
      headers: { origin: TEST_ORIGIN },
      payload: { roles: ['support'] },
    }),
  },
  'GET find learners': read(endpoints.adminLearners, '/learners?q=role%20target'),
  'GET the analytics overview': read(
    endpoints.adminAnalyticsOverview,
    '/analytics/overview?from=2026-03-01&to=2026-03-07',
  ),
  "GET this course's funnel": read(
    endpoints.adminAnalyticsFunnel,
    `/analytics/courses/${COURSE}/funnel?from=2026-03-01&to=2026-03-07`,
  ),
  'POST update the analytics now': {
    endpoint: endpoints.adminAnalyticsRefresh,
    request: () => ({ method: 'POST', url: api('/analytics/refresh'), headers: { origin: TEST_ORIGIN } }),
  },
  "GET a lesson's drop-off": read(
    endpoints.adminAnalyticsDropOff,
    `/analytics/lessons/${LESSON}/drop-off?from=2026-03-01&to=2026-03-07`,
  ),
  "GET a learner's page": {
    endpoint: endpoints.adminLearner,
    request: (world) => ({ method: 'GET', url: api(`/learners/${world.target.id}`) }),
  },
  // A week at a time: the second allowed caller's week starts where the first one's ends.
  'POST grant a learner access': {
    endpoint: endpoints.adminGrantAccess,
    request: (world) => ({
      method: 'POST',
      url: api(`/learners/${world.target.id}/access`),
      headers: { origin: TEST_ORIGIN },
      payload: { courseId: COURSE, accessType: 'weekly', reason: 'A week to try the course' },
    }),
  },
  "POST revoke a learner's access": {
    endpoint: endpoints.adminRevokeAccess,
    request: async (world, ctx) => {
      await ensureEnrolled(world, ctx);
      return {
        method: 'POST',
        url: api(`/learners/${world.target.id}/access/${OTHER_COURSE}/revoke`),
        headers: { origin: TEST_ORIGIN },
        payload: { reason: 'Enrolled by mistake' },
      };
    },
  },
  'GET the audit log': read(endpoints.adminAudit, `/audit?entity=course&entityId=${COURSE}`),
  'GET the email list': read(endpoints.adminEmails, '/emails?status=failed'),
  'POST start a video upload': {
    endpoint: endpoints.adminCreateVideoUpload,
    request: async () => ({
      method: 'POST',
      url: api('/uploads/videos'),
      headers: { origin: TEST_ORIGIN, ...(await videoUploadHeaders()) },
    }),
  },
  "GET a video upload's status": {
    endpoint: endpoints.adminVideoUpload,
    request: (world) => ({ method: 'GET', url: api(`/uploads/videos/${world.videoUploads[0]}`) }),
  },
  "PATCH a video upload's bytes": {
    endpoint: endpoints.adminVideoUploadChunk,
    // The whole (tiny) video, to an upload no row has finished yet: the lesson's video is set, and audited.
    request: async (world, ctx) => ({
      method: 'PATCH',
      url: api(`/uploads/videos/${await unfinishedUpload(world, ctx)}`),
      headers: {
        origin: TEST_ORIGIN,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: await tinyVideo(),
    }),
  },
  "PUT a lesson's captions": {
    endpoint: endpoints.adminLessonCaptions,
    request: async (_world, ctx) => ({
      method: 'PUT',
      url: api(`/courses/${COURSE}/lessons/${LESSON}/captions/hi?version=${await currentVersion(ctx)}&label=Hindi`),
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/vtt' },
      payload: 'WEBVTT\n\n00:00.000 --> 00:02.000\nनमस्ते\n',
    }),
  },
  "DELETE a lesson's captions": {
    endpoint: endpoints.adminRemoveCaptions,
    request: async (_world, ctx) => {
      // Each allowed caller removes them: the next finds them given back (a direct write, no audit row).
      await ensureCaptions(ctx);
      return {
        method: 'DELETE',
        url: api(`/courses/${COURSE}/lessons/${LESSON}/captions/hi?version=${await currentVersion(ctx)}`),
        headers: { origin: TEST_ORIGIN },
      };
    },
  },
  'POST add a lesson resource': {
    endpoint: endpoints.adminCreateResource,
    request: async (_world, ctx) => ({
      method: 'POST',
      url: api(
        `/courses/${COURSE}/lessons/${LESSON}/resources?version=${await currentVersion(ctx)}&title=Notebook&fileName=matrix.ipynb`,
      ),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/octet-stream' },
      payload: MATRIX_NOTEBOOK,
    }),
  },
  'PATCH rename a lesson resource': {
    endpoint: endpoints.adminUpdateResource,
    request: async (_world, ctx) => {
      const [id] = await ensureResource(ctx);
      return {
        method: 'PATCH',
        url: api(`/courses/${COURSE}/lessons/${LESSON}/resources/${id}`),
        headers: { origin: TEST_ORIGIN },
        payload: { version: await currentVersion(ctx), title: 'Matrix notebook, renamed' },
      };
    },
  },
  'DELETE a lesson resource': {
    endpoint: endpoints.adminDeleteResource,
    request: async (_world, ctx) => {
      // Each allowed caller removes one: the next finds one given back (a direct write, no audit row).
      const [id] = await ensureResource(ctx);
      return {
        method: 'DELETE',
        url: api(`/courses/${COURSE}/lessons/${LESSON}/resources/${id}?version=${await currentVersion(ctx)}`),
        headers: { origin: TEST_ORIGIN },
      };
    },
  },
  "GET this course's quizzes": read(endpoints.adminCourseQuizzes, `/courses/${COURSE}/quizzes`),
  "PUT a section's quiz": write(
    endpoints.adminSaveQuiz,
    `/courses/${COURSE}/sections/${SECTION}/quiz`,
    atVersion({ title: 'Retrieval check', passPercent: 60, questions: MATRIX_QUESTIONS }),
  ),
  "DELETE a section's quiz": {
    endpoint: endpoints.adminDeleteQuiz,
    request: async (_world, ctx) => {
      // Each allowed caller removes it: the next finds one given back (a direct write, no audit row).
      await ensureQuiz(ctx);
      return {
        method: 'DELETE',
        url: api(`/courses/${COURSE}/sections/${SECTION}/quiz?version=${await currentVersion(ctx)}`),
        headers: { origin: TEST_ORIGIN },
      };
    },
  },
  'GET the coupons': read(endpoints.adminCoupons, '/coupons'),
  'POST create a coupon': write(endpoints.adminCreateCoupon, '/coupons', () => ({
    code: 'MATRIX-NEW',
    kind: 'fixed',
    value: 500_00,
    scope: 'tiers',
    tierIds: [TIER],
  })),
  'PATCH a coupon': {
    endpoint: endpoints.adminUpdateCoupon,
    request: (world) => ({
      method: 'PATCH',
      url: api(`/coupons/${world.couponId}`),
      headers: { origin: TEST_ORIGIN },
      payload: { active: false, maxRedemptions: 100 },
    }),
  },
  'GET the refunds': read(endpoints.adminRefunds, '/refunds?status=requested&limit=10'),
  'POST decide a refund request': {
    endpoint: endpoints.adminRefundDecision,
    request: async (world, ctx) => ({
      method: 'POST',
      url: api(`/refunds/${await undecidedRequest(world, ctx)}/decision`),
      headers: { origin: TEST_ORIGIN },
      payload: { decision: 'approve' },
    }),
  },
  'GET find orders': {
    endpoint: endpoints.adminOrders,
    request: (world) => ({ method: 'GET', url: api(`/orders?q=${world.orderId}`) }),
  },
  // The accountant's export: the days (in India) from two days ago to today hold the world's orders.
  'GET export orders as CSV': {
    endpoint: endpoints.adminOrdersExport,
    request: (_world, ctx) => {
      const istDay = (at: number) => new Date(at + 19_800_000).toISOString().slice(0, 10);
      const now = ctx.clock.now.getTime();
      return { method: 'GET', url: api(`/orders/export.csv?from=${istDay(now - 2 * 86_400_000)}&to=${istDay(now)}`) };
    },
  },
  'GET an order': {
    endpoint: endpoints.adminOrder,
    request: (world) => ({ method: 'GET', url: api(`/orders/${world.orderId}`) }),
  },
  // ₹1 at a time: the order stays paid, so the next caller may refund it too.
  'POST refund an order': {
    endpoint: endpoints.adminRefundOrder,
    request: (world) => ({
      method: 'POST',
      url: api(`/orders/${world.orderId}/refunds`),
      headers: { origin: TEST_ORIGIN },
      payload: { amount: 100, reason: 'Goodwill after a broken lesson' },
    }),
  },
  'GET the support inbox': read(endpoints.adminTickets, '/tickets?status=open&sort=urgent'),
  'GET a ticket': {
    endpoint: endpoints.adminTicket,
    request: (world) => ({ method: 'GET', url: api(`/tickets/${world.ticketId}`) }),
  },
  // At the ticket's current version, to the other status each time: every allowed call changes it.
  'PATCH a ticket': {
    endpoint: endpoints.adminUpdateTicket,
    request: async (world, ctx) => {
      const { version, status } = await ticketState(world, ctx);
      return {
        method: 'PATCH',
        url: api(`/tickets/${world.ticketId}`),
        headers: { origin: TEST_ORIGIN },
        payload: { version, status: status === 'closed' ? 'open' : 'closed' },
      };
    },
  },
  'POST reply to a ticket': {
    endpoint: endpoints.adminTicketReply,
    request: (world) => ({
      method: 'POST',
      url: api(`/tickets/${world.ticketId}/replies`),
      headers: { origin: TEST_ORIGIN },
      payload: { message: 'Your invoice is under Purchases.' },
    }),
  },
  'POST a note on a ticket': {
    endpoint: endpoints.adminTicketNote,
    request: (world) => ({
      method: 'POST',
      url: api(`/tickets/${world.ticketId}/notes`),
      headers: { origin: TEST_ORIGIN },
      payload: { note: 'Asked twice before.' },
    }),
  },
  "PUT reorder a lesson's resources": {
    endpoint: endpoints.adminReorderResources,
    request: async (_world, ctx) => {
      const ids = await ensureResource(ctx);
      return {
        method: 'PUT',
        url: api(`/courses/${COURSE}/lessons/${LESSON}/resource-order`),
        headers: { origin: TEST_ORIGIN },
        payload: { version: await currentVersion(ctx), resourceIds: ids.reverse() },
      };
    },
  },
  "PUT this course's thumbnail": {
    endpoint: endpoints.adminCourseThumbnail,
    request: async (_world, ctx) => ({
      method: 'PUT',
      url: api(`/courses/${COURSE}/thumbnail?version=${await currentVersion(ctx)}`),
      headers: { origin: TEST_ORIGIN, 'content-type': 'image/png' },
      payload: await sharp({ create: { width: 64, height: 36, channels: 3, background: '#357' } })
        .png()
        .toBuffer(),
    }),
  },
};

/** What else an answer must show, beyond its status (checked for 2xx answers). */
const BODY_CHECKS: Record<string, (body: Record<string, unknown>, caller: CallerName, world: World) => void> = {
  'GET my console roles': (body, caller) => {
    const taught: Record<CallerName, string[]> = {
      anonymous: [],
      learner: [],
      'instructor of another course': [OTHER_COURSE],
      'instructor of this course': [COURSE],
      support: [],
      admin: [],
    };
    expect(body).toEqual({ roles: caller === 'anonymous' ? [] : ROLES[caller], instructorOf: taught[caller] });
  },
  'GET the course list': (body, caller) => {
    const ids = (body.items as Array<{ id: string }>).map((c) => c.id);
    if (caller === 'instructor of this course') expect(ids).toEqual([COURSE]);
    else if (caller === 'instructor of another course') expect(ids).toEqual([OTHER_COURSE]);
    else expect(ids).toEqual(expect.arrayContaining([COURSE, OTHER_COURSE]));
  },
  'GET this course': (body) => expect(body.id).toBe(COURSE),
  'GET the coupons': (body) => expect(body.coupons).toEqual([expect.objectContaining({ code: 'MATRIX10' })]),
  'PATCH a coupon': (body, _caller, world) =>
    expect(body).toMatchObject({ id: world.couponId, active: false, maxRedemptions: 100 }),
  "PUT set a user's roles": (body, _caller, world) => expect(body).toMatchObject({ id: world.target.id }),
  'GET find learners': (body, _caller, world) =>
    expect(body.items).toEqual([expect.objectContaining({ id: world.target.id, name: 'Role Target' })]),
  "GET a learner's page": (body, _caller, world) =>
    expect(body).toMatchObject({
      id: world.target.id,
      enrollments: [expect.objectContaining({ courseId: OTHER_COURSE })],
    }),
  'POST grant a learner access': (body) =>
    expect(body.enrollments).toContainEqual(
      expect.objectContaining({ courseId: COURSE, accessType: 'weekly', source: 'staff', active: true }),
    ),
  "POST revoke a learner's access": (body) =>
    expect((body.enrollments as Array<{ courseId: string }>).map((e) => e.courseId)).not.toContain(OTHER_COURSE),
  'GET the refunds': (body, _caller, world) =>
    expect((body.refunds as Array<{ id: string }>).map((r) => r.id).sort()).toEqual([...world.requestIds].sort()),
  'POST decide a refund request': (body, _caller, world) => {
    expect(world.requestIds).toContain(body.id);
    expect(body).toMatchObject({ kind: 'request', status: 'processed' });
  },
  'GET find orders': (body, _caller, world) =>
    expect(body.orders).toEqual([expect.objectContaining({ orderId: world.orderId, status: 'paid' })]),
  'GET the support inbox': (body, _caller, world) =>
    expect(body.tickets).toEqual([expect.objectContaining({ ticketId: world.ticketId, status: 'open' })]),
  'GET a ticket': (body, _caller, world) =>
    expect(body).toMatchObject({ ticketId: world.ticketId, entries: [expect.objectContaining({ kind: 'message' })] }),
  'POST reply to a ticket': (body) =>
    expect(body).toMatchObject({
      status: 'waiting',
      entries: expect.arrayContaining([expect.objectContaining({ kind: 'reply' })]),
    }),
  'POST a note on a ticket': (body) =>
    expect(body.entries).toContainEqual(expect.objectContaining({ kind: 'note', body: 'Asked twice before.' })),
  'GET export orders as CSV': (body, _caller, world) => expect(body.csv).toContain(`${world.orderId},`),
  // Money for admins alone; sign-ups for admin and support; an instructor sees the courses they teach.
  'GET the analytics overview': (body, caller) => {
    const days = body.days as Array<Record<string, unknown>>;
    const ids = (body.courses as Array<{ courseId: string }>).map((c) => c.courseId);
    expect(days).toHaveLength(7);
    expect(body.money).toBe(caller === 'admin');
    expect('revenue' in (days[0] ?? {})).toBe(caller === 'admin');
    expect('newLearners' in (days[0] ?? {})).toBe(caller === 'admin' || caller === 'support');
    if (caller === 'instructor of this course') expect(ids).toEqual([COURSE]);
    else if (caller === 'instructor of another course') expect(ids).toEqual([OTHER_COURSE]);
    else expect(ids).toEqual(expect.arrayContaining([COURSE, OTHER_COURSE]));
  },
  "GET this course's funnel": (body) => expect(body).toMatchObject({ courseId: COURSE, steps: expect.any(Array) }),
  'POST update the analytics now': (body) => expect(body).toMatchObject({ events: 0, rolledUpAt: expect.any(String) }),
  "GET a lesson's drop-off": (body) => expect(body).toMatchObject({ lessonId: LESSON, reach: expect.any(Array) }),
  'GET an order': (body, _caller, world) =>
    expect(body).toMatchObject({ orderId: world.orderId, invoice: expect.objectContaining({ amount: 99_900 }) }),
  // A part refunded: the order stays paid (and the access with it).
  'POST refund an order': (body, _caller, world) => {
    expect(body).toMatchObject({ orderId: world.orderId, status: 'paid' });
    expect(body.refunds).toContainEqual(
      expect.objectContaining({
        kind: 'staff',
        status: 'processed',
        amount: 100,
        reason: 'Goodwill after a broken lesson',
      }),
    );
  },
};

/** The path of a contract endpoint as a pattern of concrete URLs under /api/v1. */
const pathPattern = (endpoint: Endpoint) =>
  new RegExp(`^/api/v1${endpoint.path.replace(/:[a-zA-Z]+/g, '[^/?]+')}(\\?.*)?$`);

const auditRows = async (ctx: TestContext) => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

function send(ctx: TestContext, request: InjectOptions, caller: TestLearner | null) {
  return ctx.app.inject({
    ...request,
    remoteAddress: freshAddress(),
    headers: { ...request.headers, ...(caller ? { cookie: caller.cookie } : {}) },
  });
}

const ctx = useTestApp();
const rows = parseMatrix(MATRIX);

describe('access-control matrix of the staff console', () => {
  it('has a row for every /admin endpoint of the contract, a request for every row, and a row for every request', () => {
    const adminEndpoints = Object.values(endpoints)
      .filter((e) => e.path.startsWith('/admin'))
      .map((e) => e.name)
      .sort();
    expect(adminEndpoints.length).toBeGreaterThan(10);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(Object.keys(REQUESTS).sort());
    expect(rows.map((r) => REQUESTS[r.endpoint]?.endpoint.name).sort()).toEqual(adminEndpoints);
  });

  it.each(rows.map((r) => [r.endpoint, r] as const))('%s', async (label, row) => {
    const world = await buildWorld(ctx);
    const planned = REQUESTS[label] as Planned;
    const failures: string[] = [];
    for (const name of CALLERS) {
      const cell = row.cells[name];
      const [status, code] = cell.split(' ');
      const request = await planned.request(world, ctx);
      // The request is the endpoint the row names: its method, and a URL its path matches.
      expect(request.method, label).toBe(planned.endpoint.method);
      expect(String(request.url), label).toMatch(pathPattern(planned.endpoint));
      const auditBefore = await auditRows(ctx);
      const res = await send(ctx, request, world.callers[name]);
      const audited = (await auditRows(ctx)) - auditBefore;
      if (String(res.statusCode) !== status) {
        failures.push(`${name}: expected ${cell}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode >= 400) {
        const body = res.json() as { code: string; detail: string };
        const expectedCode = code ?? (res.statusCode === 401 ? 'unauthorized' : undefined);
        if (body.code !== expectedCode) failures.push(`${name}: code ${body.code}, expected ${expectedCode}`);
        const detail = DETAILS[body.code]?.(label);
        if (body.detail !== detail) failures.push(`${name}: detail ${JSON.stringify(body.detail)} for ${body.code}`);
        if (audited !== 0) failures.push(`${name}: refused, yet ${audited} audit row(s) written`);
      } else {
        const csv = String(res.headers['content-type']).startsWith('text/csv');
        BODY_CHECKS[label]?.(csv ? { csv: res.body } : res.json(), name, world);
        // Every staff write leaves its audit row; a read leaves none.
        const wrote = planned.endpoint.method !== 'GET';
        if (wrote && audited === 0) failures.push(`${name}: a write without its audit row`);
        if (!wrote && audited !== 0) failures.push(`${name}: a read wrote ${audited} audit row(s)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refused calls change nothing: no audit row, no course, tier, role or assignment', async () => {
    const world = await buildWorld(ctx);
    // The world's own video uploads were audited as they began.
    const auditedBefore = await auditRows(ctx);
    const versionBefore = await currentVersion(ctx);
    const before = await fingerprintTables(ctx.database.db);
    let refused = 0;
    for (const row of rows) {
      const planned = REQUESTS[row.endpoint] as Planned;
      if (planned.endpoint.method === 'GET') continue;
      for (const name of CALLERS) {
        if (!row.cells[name].startsWith('4')) continue;
        const res = await send(ctx, await planned.request(world, ctx), world.callers[name]);
        expect(res.statusCode, `${row.endpoint} as ${name}`).toBe(Number(row.cells[name].split(' ')[0]));
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(30);
    expect(await auditRows(ctx)).toBe(auditedBefore);
    expect(await currentVersion(ctx)).toBe(versionBefore);
    expect(await fingerprintTables(ctx.database.db)).toEqual(before);
  });
});
