import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  billingProfiles,
  certificates,
  coupons,
  enrollments,
  hlsRenditions,
  lessonNotes,
  lessonResources,
  lessons,
  paymentOrders,
  refunds,
  users,
  videoSessions,
} from '../src/db/schema.ts';
import { hashToken } from '../src/modules/auth/session.ts';
import { INVOICE_NOT_FOUND } from '../src/modules/invoices/routes.ts';
import { SESSION_MISMATCH } from '../src/modules/learning/event-ingest.ts';
import { ENROLLMENT_REQUIRED } from '../src/modules/learning/lesson-access.ts';
import { EXPIRED_LINK, INVALID_LINK } from '../src/modules/learning/media-routes.ts';
import { signResourceLink } from '../src/modules/learning/resource-links.ts';
import { EXPIRED_RESOURCE_LINK, INVALID_RESOURCE_LINK } from '../src/modules/learning/resource-routes.ts';
import { NOTE_NOT_FOUND } from '../src/modules/notes/service.ts';
import { ORDER_NOT_FOUND } from '../src/modules/payments/orders.ts';
import { QUIZ_ENROLLMENT_REQUIRED } from '../src/modules/quizzes/quiz-access.ts';
import { insertQuiz } from '../src/modules/quizzes/test-support.ts';
import { ORDER_NOT_FOUND as REFUND_ORDER_NOT_FOUND } from '../src/modules/refunds/learner.ts';
import { SESSION_NOT_FOUND } from '../src/modules/streaming/hls-access.ts';
import { createHlsToken } from '../src/modules/streaming/hls-token.ts';
import { BACKUP_TOKEN_REQUIRED } from '../src/modules/system/routes.ts';
import { signMedia } from '../src/providers/media/media-signature.ts';
import { createSandboxProvider } from '../src/providers/payments/sandbox.ts';
import { TEST_ORIGIN, type TestContext, useTestApp } from './app.ts';
import { freshAddress, insertEnrollment, insertLearner, type TestLearner } from './support/learners.ts';
import { insertPaidOrder } from './support/paid-orders.ts';

/**
 * Who may do what with a learner's resources. Columns: nobody signed in; signed in but not enrolled in the
 * course; enrolled for good (the owner of the resources below); weekly access that has expired; and a learner
 * (enrolled in the course too) reaching for the owner's resources: the owner's video session, payment order
 * or signed link, or a paid order of the owner's and its invoice (another than the one the owner's own calls
 * refund). Cells: the status, and the error code whose readable detail is checked too; `-` where the endpoint
 * addresses no one else's resource (the session alone says whose data it is; see the last test).
 *
 * The course is paid with a free first lesson; "free course" is priced 0. Signed media links are bearer
 * credentials by design (decision 002: a short-lived, signed URL that a <video> element or a separately hosted
 * front end loads without cookies), so whoever holds a valid link may stream that one file until it expires.
 */
const MATRIX = `
  endpoint                                 | anonymous | not enrolled            | enrolled                | expired weekly          | another's resource
  GET course page (personalised)           | 200       | 200                     | 200                     | 200                     | -
  GET free lesson                          | 401       | 200                     | 200                     | 200                     | -
  GET paid lesson                          | 401       | 403 enrollment_required | 200                     | 403 access_expired      | -
  GET free lesson signed-url               | 401       | 200                     | 200                     | 200                     | -
  GET paid lesson signed-url               | 401       | 403 enrollment_required | 200                     | 403 access_expired      | -
  GET media with the owner's signed link   | 200       | 200                     | 200                     | 200                     | 200
  GET media without a signature            | 403 media_link_invalid | 403 media_link_invalid | 403 media_link_invalid | 403 media_link_invalid | 403 media_link_invalid
  GET media with an expired link           | 403 media_link_expired | 403 media_link_expired | 403 media_link_expired | 403 media_link_expired | 403 media_link_expired
  GET paid lesson hls-token                | 401       | 403 enrollment_required | 200                     | 403 access_expired      | 404 video_session_not_found
  GET HLS segment with the owner's token   | 403 media_link_invalid | 403 media_link_invalid | 200 | 403 media_link_invalid | 403 media_link_invalid
  GET free lesson resource link            | 401       | 200                     | 200                     | 200                     | -
  GET paid lesson resource link            | 401       | 403 enrollment_required | 200                     | 403 access_expired      | -
  GET paid resource with the owner's link  | 401       | 403 resource_link_invalid | 200                   | 403 resource_link_invalid | 403 resource_link_invalid
  GET paid resource with own expired link  | 401       | 410 resource_link_expired | 410 resource_link_expired | 410 resource_link_expired | -
  PUT free lesson progress                 | 401       | 200                     | 200                     | 200                     | -
  PUT paid lesson progress                 | 401       | 403 enrollment_required | 200                     | 403 access_expired      | -
  POST paid lesson events                  | 401       | 403 session_mismatch    | 200                     | 200                     | 403 session_mismatch
  POST enroll in the free course           | 401       | 200                     | 200                     | 200                     | -
  POST enroll in the paid course           | 401       | 400 course_not_free     | 400 course_not_free     | 400 course_not_free     | -
  POST create-order for lifetime access    | 401       | 200                     | 409 already_enrolled    | 200                     | -
  POST verify a payment of the order       | 401       | 200                     | 200                     | 200                     | 404 order_not_found
  GET payment status of the order          | 401       | 200                     | 200                     | 200                     | 404 order_not_found
  POST sandbox pay the order               | 401       | 200                     | 200                     | 200                     | 404 order_not_found
  GET my orders                            | 401       | 200                     | 200                     | 200                     | -
  GET my purchases                         | 401       | 200                     | 200                     | 200                     | -
  GET my billing details                   | 401       | 200                     | 200                     | 200                     | -
  PUT my billing details                   | 401       | 200                     | 200                     | 200                     | -
  POST refund the paid order               | 401       | 200                     | 200                     | 200                     | 404 order_not_found
  POST ask to cancel the paid order        | 401       | 200                     | 200                     | 200                     | 404 order_not_found
  GET the paid order's invoice PDF         | 401       | 200                     | 200                     | 200                     | 404 invoice_not_found
  GET a coupon quote                       | 401       | 200                     | 200                     | 200                     | -
  POST redeem a coupon that makes it free  | 401       | 200                     | 409 already_enrolled    | 200                     | -
  GET course quizzes                       | 200       | 200                     | 200                     | 200                     | -
  GET paid course quiz                     | 401       | 403 enrollment_required | 200                     | 403 access_expired      | -
  POST paid course quiz attempt            | 401       | 403 enrollment_required | 200                     | 403 access_expired      | -
  GET my notes in the course               | 401       | 200                     | 200                     | 200                     | -
  POST a note on the free lesson           | 401       | 201                     | 201                     | 201                     | -
  POST a note on the paid lesson           | 401       | 403 enrollment_required | 201                     | 403 access_expired      | -
  PATCH the note                           | 401       | 200                     | 200                     | 200                     | 404 note_not_found
  DELETE the note                          | 401       | 204                     | 204                     | 204                     | 404 note_not_found
  GET dashboard                            | 401       | 200                     | 200                     | 200                     | -
  GET my enrollments                       | 401       | 200                     | 200                     | 200                     | -
  GET my achievements                      | 401       | 200                     | 200                     | 200                     | -
  GET my certificates                      | 401       | 200                     | 200                     | 200                     | -
  GET a certificate (public page)          | 200       | 200                     | 200                     | 200                     | 200
  GET a certificate's PDF (public)         | 200       | 200                     | 200                     | 200                     | 200
  GET a certificate's picture (public)     | 200       | 200                     | 200                     | 200                     | 200
  GET auth me                              | 401       | 200                     | 200                     | 200                     | -
  PATCH my name                            | 401       | 200                     | 200                     | 200                     | -
  GET my settings                          | 401       | 200                     | 200                     | 200                     | -
  PUT my settings                          | 401       | 200                     | 200                     | 200                     | -
  DELETE my account                        | 401       | 204                     | 204                     | 204                     | -
  POST operator backup (everyone's data)   | 401 backup_token_required | 401 backup_token_required | 401 backup_token_required | 401 backup_token_required | -
`;

const COURSE = 'llm-evaluation';
const FREE_LESSON = 'llm-evaluation-01';
const PAID_LESSON = 'llm-evaluation-02';
const FREE_COURSE = 'python-for-ai';
const ORDER_COURSE = 'rag-from-scratch';
const MEDIA_KEY = 'lesson-short.mp4';
/** The course of the owner's other paid order, which the intruder reaches for. */
const KEPT_ORDER_COURSE = 'vector-databases';
const OWNER_BILLING_NAME = 'Owner Analytics LLP';

/** The readable detail every refusal code must carry. */
const DETAILS: Record<string, string | RegExp> = {
  unauthorized: 'Please sign in to continue.',
  // One code, worded for what was refused: a lesson or a quiz.
  enrollment_required: new RegExp(`^(${[ENROLLMENT_REQUIRED, QUIZ_ENROLLMENT_REQUIRED].map(escapeRegExp).join('|')})$`),
  access_expired: /^Your weekly access expired on .+\. Renew to keep learning\.$/,
  session_mismatch: SESSION_MISMATCH,
  // One code, worded by who answers: the payment step, or the refunds.
  order_not_found: new RegExp(`^(${[ORDER_NOT_FOUND, REFUND_ORDER_NOT_FOUND].map(escapeRegExp).join('|')})$`),
  invoice_not_found: INVOICE_NOT_FOUND,
  note_not_found: NOTE_NOT_FOUND,
  course_not_free: 'This course is not free. Choose a pricing option to enroll.',
  already_enrolled: 'You already have lifetime access to this course.',
  media_link_invalid: INVALID_LINK,
  media_link_expired: EXPIRED_LINK,
  resource_link_invalid: INVALID_RESOURCE_LINK,
  resource_link_expired: EXPIRED_RESOURCE_LINK,
  backup_token_required: BACKUP_TOKEN_REQUIRED,
  video_session_not_found: SESSION_NOT_FOUND,
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const CALLERS = ['anonymous', 'not enrolled', 'enrolled', 'expired weekly', "another's resource"] as const;
type CallerName = (typeof CALLERS)[number];

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

/** One caller's identity and the resources it acts on (its own, or, for the intruder, the owner's). */
interface Caller {
  name: CallerName;
  learner: TestLearner | null;
  videoSessionId: string;
  orderId: string;
  /** A note or bookmark of the caller's (the intruder: another of the owner's, untouched by the owner's calls). */
  noteId: string;
  /** A paid order of the caller's, paid just now, and its tax invoice (the intruder: the owner's other one). */
  paidOrderId: string;
  invoiceId: string;
}

interface World {
  callers: Record<CallerName, Caller>;
  owner: TestLearner;
  intruder: TestLearner;
  keySecret: string;
  mediaSecret: string;
}

async function buildWorld(ctx: TestContext): Promise<World> {
  const { db } = ctx.database;
  const now = ctx.clock.now;
  const [owner, outsider, expired, intruder] = await Promise.all([
    insertLearner(db, now, 'Owner'),
    insertLearner(db, now, 'Outsider'),
    insertLearner(db, now, 'Expired'),
    insertLearner(db, now, 'Intruder'),
  ]);
  await insertEnrollment(db, owner.id, COURSE, { accessType: 'permanent' });
  await insertEnrollment(db, intruder.id, COURSE, { accessType: 'permanent' });
  await insertEnrollment(db, expired.id, COURSE, {
    accessType: 'weekly',
    expiresAt: new Date(now.getTime() - 24 * 3600_000),
  });
  const session = async (learner: TestLearner, lessonId: string) => {
    const [row] = await db
      .insert(videoSessions)
      .values({ userId: learner.id, lessonId, createdAt: now })
      .returning({ id: videoSessions.id });
    return row?.id as string;
  };
  const order = async (learner: TestLearner, suffix: string) => {
    const id = `order_MATRIX${suffix}`;
    await db.insert(paymentOrders).values({
      id,
      userId: learner.id,
      courseId: ORDER_COURSE,
      pricingTierId: `${ORDER_COURSE}-weekly`,
      accessType: 'weekly',
      amountPaise: 99_900,
      createdAt: now,
    });
    return id;
  };
  const note = async (learner: TestLearner, lessonId: string, body: string) => {
    const [row] = await db
      .insert(lessonNotes)
      .values({ userId: learner.id, lessonId, courseId: COURSE, kind: 'note', atSeconds: 12, body })
      .returning({ id: lessonNotes.id });
    return row?.id as string;
  };
  // A coupon of the paid course (10% off), and one that makes it free (one use per learner).
  await db.insert(coupons).values([
    { code: 'MATRIX10', kind: 'percent', value: 10, scope: 'courses', courseIds: [COURSE] },
    { code: 'MATRIXFREE', kind: 'percent', value: 100, scope: 'courses', courseIds: [COURSE] },
  ]);
  const { config } = ctx.app.deps;
  const paid = async (learner: TestLearner, suffix: string, courseId = ORDER_COURSE) => {
    const bought = await insertPaidOrder(
      db,
      { id: `order_MATRIXPAID${suffix}`, userId: learner.id, courseId, paidAt: now },
      config.invoicing,
    );
    return { paidOrderId: bought.orderId, invoiceId: bought.invoiceId as string };
  };
  const ownerSession = await session(owner, PAID_LESSON);
  const ownerOrder = await order(owner, 'OWNER');
  const ownerNote = await note(owner, PAID_LESSON, "The owner's note");
  const ownerPaid = await paid(owner, 'OWNER');
  // The owner's billing details: only the owner's own session reads them.
  await db.insert(billingProfiles).values({ userId: owner.id, name: OWNER_BILLING_NAME, stateCode: '29' });
  return {
    owner,
    intruder,
    keySecret: createSandboxProvider(config.sessionSecret).keySecret,
    mediaSecret: config.mediaSigningSecret,
    callers: {
      // Signed out, holding the owner's ids: being signed out is what refuses it.
      anonymous: {
        name: 'anonymous',
        learner: null,
        videoSessionId: ownerSession,
        orderId: ownerOrder,
        noteId: ownerNote,
        ...ownerPaid,
      },
      // Its only video session is of the free lesson: it never had the paid one.
      'not enrolled': {
        name: 'not enrolled',
        learner: outsider,
        videoSessionId: await session(outsider, FREE_LESSON),
        orderId: await order(outsider, 'OUTSIDER'),
        noteId: await note(outsider, FREE_LESSON, "The outsider's note"),
        ...(await paid(outsider, 'OUTSIDER')),
      },
      enrolled: {
        name: 'enrolled',
        learner: owner,
        videoSessionId: ownerSession,
        orderId: ownerOrder,
        noteId: ownerNote,
        ...ownerPaid,
      },
      // Opened the paid lesson while the week lasted; the player may still flush those events.
      'expired weekly': {
        name: 'expired weekly',
        learner: expired,
        videoSessionId: await session(expired, PAID_LESSON),
        orderId: await order(expired, 'EXPIRED'),
        // Written while the week lasted: still theirs to read, edit and delete.
        noteId: await note(expired, PAID_LESSON, "The expired learner's note"),
        ...(await paid(expired, 'EXPIRED')),
      },
      "another's resource": {
        name: "another's resource",
        learner: intruder,
        videoSessionId: ownerSession,
        orderId: ownerOrder,
        noteId: await note(owner, FREE_LESSON, "The owner's other note"),
        ...(await paid(owner, 'OWNERKEPT', KEPT_ORDER_COURSE)),
      },
    },
  };
}

/** Each order is paid by a payment of its own, as Razorpay issues them. */
const paymentIdFor = (caller: Caller) => caller.orderId.replace('order_', 'pay_');
const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

type RequestFor = (caller: Caller, world: World, ctx: TestContext) => Promise<InjectOptions> | InjectOptions;

const getUrl =
  (url: string): RequestFor =>
  () => ({ method: 'GET', url });
const send =
  (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: (c: Caller) => unknown): RequestFor =>
  (caller) => ({
    method,
    url,
    headers: { origin: TEST_ORIGIN },
    ...(payload ? { payload: payload(caller) as Record<string, unknown> } : {}),
  });
const media = (exp: (ctx: TestContext) => number, signed: boolean): RequestFor => {
  return (_caller, world, ctx) => {
    const at = exp(ctx);
    const query = signed ? `?exp=${at}&sig=${signMedia(world.mediaSecret, MEDIA_KEY, at)}` : '';
    return { method: 'GET', url: `/api/v1/media/${MEDIA_KEY}${query}` };
  };
};
/** The paid course's quiz (a fixture in place of any the content ships), before the request. */
const QUIZ = `${COURSE}-quiz-matrix`;
const withQuiz =
  (request: RequestFor): RequestFor =>
  async (caller, world, ctx) => {
    await insertQuiz(ctx, { id: QUIZ, courseId: COURSE, sectionId: `${COURSE}-s1` });
    return request(caller, world, ctx);
  };
/** The owner's certificate for the course (issuing is tested in modules/certificates), before the request. */
const CERTIFICATE = 'MatrixCertificate0001A';
const withCertificate =
  (request: RequestFor): RequestFor =>
  async (caller, world, ctx) => {
    await ctx.database.db
      .insert(certificates)
      .values({
        id: CERTIFICATE,
        userId: world.owner.id,
        courseId: COURSE,
        learnerName: 'Owner',
        courseTitle: 'LLM Evaluation',
        watchedSeconds: 3600,
        quizScores: [],
      })
      .onConflictDoNothing();
    return request(caller, world, ctx);
  };
/**
 * The caller's paid order, paid 13 hours before the request: past the instant refund, inside the 48 hours of a
 * cancellation request (decision 024).
 */
const paidHoursAgo =
  (hours: number, request: RequestFor): RequestFor =>
  async (caller, world, ctx) => {
    await ctx.database.db
      .update(paymentOrders)
      .set({ paidAt: new Date(ctx.clock.now.getTime() - hours * 3_600_000) })
      .where(eq(paymentOrders.id, caller.paidOrderId));
    return request(caller, world, ctx);
  };
const nowSeconds = (ctx: TestContext) => Math.floor(ctx.clock.now.getTime() / 1000);
/** A resource of each lesson (fixtures, any the content ships aside), streaming a file of content/media. */
const FREE_RESOURCE = '00000000-0000-4000-8000-00000000f4ee';
const PAID_RESOURCE = '00000000-0000-4000-8000-0000000000a1';
const withResources =
  (request: RequestFor): RequestFor =>
  async (caller, world, ctx) => {
    const resource = (id: string, lessonId: string) => ({
      id,
      lessonId,
      position: 99,
      title: 'Matrix notebook',
      fileName: 'matrix.ipynb',
      mediaKey: MEDIA_KEY,
      contentType: 'application/x-ipynb+json',
      sizeBytes: 1,
    });
    await ctx.database.db
      .insert(lessonResources)
      .values([resource(FREE_RESOURCE, FREE_LESSON), resource(PAID_RESOURCE, PAID_LESSON)])
      .onConflictDoNothing();
    return request(caller, world, ctx);
  };
/** The paid resource's file with a link signed for `userId` at `at` (it lives five minutes from then). */
const resourceFile = (userId: (caller: Caller, world: World) => string, at: (ctx: TestContext) => Date): RequestFor =>
  withResources((caller, world, ctx) => {
    const link = signResourceLink(world.mediaSecret, PAID_RESOURCE, userId(caller, world), at(ctx));
    return { method: 'GET', url: `/api/v1/resources/${PAID_RESOURCE}/file?exp=${link.exp}&sig=${link.sig}` };
  });

/**
 * The paid lesson's video with an HLS ladder (one rendition, one segment: fixtures, no transcode), before the
 * request; `setId` names it. HLS tokens are bound to a sign-in cookie: the one made here is the owner's.
 */
const withLadder =
  (request: (caller: Caller, world: World, ctx: TestContext, setId: string) => InjectOptions): RequestFor =>
  async (caller, world, ctx) => {
    const setId = randomBytes(8).toString('hex');
    const [lesson] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, PAID_LESSON));
    await ctx.app.deps.media.put(`uploads/hls/${setId}/240p/seg-00000.ts`, { bytes: new Uint8Array(188).fill(0x47) });
    await ctx.database.db.insert(hlsRenditions).values({
      sourceKey: lesson?.videoRef ?? '',
      setId,
      label: '240p',
      width: 426,
      height: 240,
      bandwidth: 300_000,
      codecs: 'avc1.4d401e',
      playlist: '#EXTM3U\n',
      posterKey: `uploads/hls/${setId}/poster.jpg`,
    });
    return request(caller, world, ctx, setId);
  };
const ownersHlsSegment = withLadder((_caller, world, ctx, setId) => {
  const cookieToken = world.owner.cookie.split('=')[1] ?? '';
  const exp = nowSeconds(ctx) + 600;
  const token = createHlsToken(
    world.mediaSecret,
    { sessionId: world.callers.enrolled.videoSessionId, setId, exp },
    hashToken(cookieToken),
  );
  return { method: 'GET', url: `/api/v1/hls/${token}/240p/seg-00000.ts` };
});

const REQUESTS: Record<string, RequestFor> = {
  'GET paid lesson hls-token': withLadder((caller) => ({
    method: 'GET',
    url: `/api/v1/lessons/${PAID_LESSON}/hls-token?sessionId=${caller.videoSessionId}`,
  })),
  "GET HLS segment with the owner's token": ownersHlsSegment,
  'GET course page (personalised)': getUrl(`/api/v1/courses/${COURSE}`),
  'GET free lesson': getUrl(`/api/v1/lessons/${FREE_LESSON}`),
  'GET paid lesson': getUrl(`/api/v1/lessons/${PAID_LESSON}`),
  'GET free lesson signed-url': getUrl(`/api/v1/lessons/${FREE_LESSON}/signed-url`),
  'GET paid lesson signed-url': getUrl(`/api/v1/lessons/${PAID_LESSON}/signed-url`),
  "GET media with the owner's signed link": media((ctx) => nowSeconds(ctx) + 3600, true),
  'GET media without a signature': media(() => 0, false),
  'GET media with an expired link': media((ctx) => nowSeconds(ctx) - 1, true),
  'GET free lesson resource link': withResources(getUrl(`/api/v1/resources/${FREE_RESOURCE}/signed-url`)),
  'GET paid lesson resource link': withResources(getUrl(`/api/v1/resources/${PAID_RESOURCE}/signed-url`)),
  "GET paid resource with the owner's link": resourceFile(
    (_caller, world) => world.owner.id,
    (ctx) => ctx.clock.now,
  ),
  'GET paid resource with own expired link': resourceFile(
    (caller, world) => caller.learner?.id ?? world.owner.id,
    (ctx) => new Date(ctx.clock.now.getTime() - 6 * 60_000),
  ),
  'PUT free lesson progress': send('PUT', `/api/v1/lessons/${FREE_LESSON}/progress`, () => ({
    watchSeconds: 10,
    completed: false,
  })),
  'PUT paid lesson progress': send('PUT', `/api/v1/lessons/${PAID_LESSON}/progress`, () => ({
    watchSeconds: 10,
    completed: false,
  })),
  'POST paid lesson events': send('POST', `/api/v1/lessons/${PAID_LESSON}/events`, (c) => [
    { sessionId: c.videoSessionId, eventType: 'play', positionSec: 0 },
  ]),
  'POST enroll in the free course': send('POST', `/api/v1/courses/${FREE_COURSE}/enroll`),
  'POST enroll in the paid course': send('POST', `/api/v1/courses/${COURSE}/enroll`),
  'POST create-order for lifetime access': send('POST', '/api/v1/payments/create-order', () => ({
    courseId: COURSE,
    pricingTierId: `${COURSE}-lifetime`,
  })),
  'POST verify a payment of the order': (caller, world) => ({
    method: 'POST',
    url: '/api/v1/payments/verify',
    headers: { origin: TEST_ORIGIN },
    payload: {
      razorpay_order_id: caller.orderId,
      razorpay_payment_id: paymentIdFor(caller),
      // Genuinely signed: only whose order it is may decide.
      razorpay_signature: hmac(world.keySecret, `${caller.orderId}|${paymentIdFor(caller)}`),
    },
  }),
  'GET payment status of the order': (caller) => ({ method: 'GET', url: `/api/v1/payments/status/${caller.orderId}` }),
  'POST sandbox pay the order': send('POST', '/api/v1/payments/sandbox/pay', (c) => ({ orderId: c.orderId })),
  'GET my orders': getUrl('/api/v1/payments/orders'),
  'GET my purchases': getUrl('/api/v1/users/me/purchases'),
  'GET my billing details': getUrl('/api/v1/users/me/billing'),
  'PUT my billing details': send('PUT', '/api/v1/users/me/billing', () => ({
    name: 'Matrix Billing',
    stateCode: '27',
  })),
  // Nothing watched, paid just now: the instant refund.
  'POST refund the paid order': (caller, world, ctx) =>
    send('POST', `/api/v1/payments/orders/${caller.paidOrderId}/refund`)(caller, world, ctx),
  'POST ask to cancel the paid order': paidHoursAgo(13, (caller, world, ctx) =>
    send('POST', `/api/v1/payments/orders/${caller.paidOrderId}/cancellation-request`, () => ({
      reason: 'Bought the wrong course',
    }))(caller, world, ctx),
  ),
  "GET the paid order's invoice PDF": (caller) => ({ method: 'GET', url: `/api/v1/invoices/${caller.invoiceId}/pdf` }),
  'GET a coupon quote': getUrl(`/api/v1/coupons/quote?code=matrix10&courseId=${COURSE}&pricingTierId=${COURSE}-weekly`),
  'POST redeem a coupon that makes it free': send('POST', '/api/v1/payments/redeem-coupon', () => ({
    courseId: COURSE,
    couponCode: 'MATRIXFREE',
  })),
  'GET course quizzes': getUrl(`/api/v1/courses/${COURSE}/quizzes`),
  'GET paid course quiz': withQuiz(getUrl(`/api/v1/quizzes/${QUIZ}`)),
  'POST paid course quiz attempt': withQuiz(
    send('POST', `/api/v1/quizzes/${QUIZ}/attempts`, () => ({ answers: { q1: ['b'], q2: ['a'], q3: 1 } })),
  ),
  'GET my notes in the course': getUrl(`/api/v1/courses/${COURSE}/notes`),
  'POST a note on the free lesson': send('POST', `/api/v1/lessons/${FREE_LESSON}/notes`, () => ({
    kind: 'bookmark',
    atSeconds: 30,
  })),
  'POST a note on the paid lesson': send('POST', `/api/v1/lessons/${PAID_LESSON}/notes`, () => ({
    kind: 'note',
    atSeconds: 30,
    body: 'From the matrix',
  })),
  'PATCH the note': (caller, world, ctx) =>
    send('PATCH', `/api/v1/notes/${caller.noteId}`, () => ({ body: 'Edited' }))(caller, world, ctx),
  'DELETE the note': (caller, world, ctx) => send('DELETE', `/api/v1/notes/${caller.noteId}`)(caller, world, ctx),
  'GET dashboard': getUrl('/api/v1/dashboard'),
  'GET my enrollments': getUrl('/api/v1/users/me/enrollments'),
  'GET my achievements': getUrl('/api/v1/users/me/achievements'),
  'GET my certificates': withCertificate(getUrl('/api/v1/users/me/certificates')),
  // Public by design: an employer opens the link without an account, and so may anyone else.
  'GET a certificate (public page)': withCertificate(getUrl(`/api/v1/certificates/${CERTIFICATE}`)),
  "GET a certificate's PDF (public)": withCertificate(getUrl(`/api/v1/certificates/${CERTIFICATE}/pdf`)),
  "GET a certificate's picture (public)": withCertificate(getUrl(`/api/v1/certificates/${CERTIFICATE}/image.png`)),
  'GET auth me': getUrl('/api/v1/auth/me'),
  'PATCH my name': send('PATCH', '/api/v1/users/me', () => ({ name: 'New Name' })),
  'GET my settings': getUrl('/api/v1/users/me/settings'),
  'PUT my settings': send('PUT', '/api/v1/users/me/settings', () => ({ theme: 'light' })),
  'DELETE my account': send('DELETE', '/api/v1/users/me'),
  // A session is no operator's token: the snapshot holds every learner's data.
  "POST operator backup (everyone's data)": send('POST', '/api/v1/operator/backup'),
};

/** What else an answer must show, beyond its status (checked for 2xx answers). */
const BODY_CHECKS: Record<string, (body: Record<string, unknown>, caller: Caller) => void> = {
  'GET course page (personalised)': (body, caller) => {
    expect(body.isEnrolled).toBe(caller.name === 'enrolled' || caller.name === "another's resource");
    const status = (body.enrollmentStatus as { status?: string } | null)?.status ?? null;
    const expected: Record<CallerName, string | null> = {
      anonymous: null,
      'not enrolled': null,
      enrolled: 'permanent',
      'expired weekly': 'expired',
      "another's resource": 'permanent',
    };
    expect(status).toBe(expected[caller.name]);
  },
  'GET auth me': (body, caller) => expect(body.id).toBe(caller.learner?.id),
  'GET payment status of the order': (body, caller) => expect(body.orderId).toBe(caller.orderId),
  // Each learner's own paid orders only (an order never paid is no purchase).
  'GET my purchases': (body, caller) => {
    const ids = (body.purchases as Array<{ orderId: string }>).map((p) => p.orderId).sort();
    const own: Partial<Record<CallerName, string[]>> = {
      'not enrolled': ['order_MATRIXPAIDOUTSIDER'],
      enrolled: ['order_MATRIXPAIDOWNER', 'order_MATRIXPAIDOWNERKEPT'],
      'expired weekly': ['order_MATRIXPAIDEXPIRED'],
    };
    expect(ids).toEqual(own[caller.name]);
  },
  'GET my billing details': (body, caller) =>
    expect(body.profile).toEqual(
      caller.name === 'enrolled' ? expect.objectContaining({ name: OWNER_BILLING_NAME, stateCode: '29' }) : null,
    ),
  'PUT my billing details': (body) =>
    expect(body).toEqual({
      name: 'Matrix Billing',
      stateCode: '27',
      stateName: 'Maharashtra',
      gstin: null,
      address: null,
    }),
  'POST refund the paid order': (body) =>
    expect(body.refund).toMatchObject({ kind: 'self_serve', status: 'processed', amount: 99_900 }),
  'POST ask to cancel the paid order': (body) =>
    expect(body.refund).toMatchObject({ kind: 'request', status: 'requested', reason: 'Bought the wrong course' }),
  'GET my notes in the course': (body, caller) => {
    const ids = (body as unknown as Array<{ id: string }>).map((n) => n.id);
    expect(ids).toContain(caller.noteId);
  },
  'PATCH the note': (body, caller) => expect(body).toMatchObject({ id: caller.noteId, body: 'Edited' }),
  // Only the owner's own list holds the owner's certificate.
  'GET my certificates': (body, caller) => {
    const ids = (body as unknown as Array<{ id: string }>).map((c) => c.id);
    expect(ids).toEqual(caller.name === 'enrolled' ? [CERTIFICATE] : []);
  },
};

const ctx = useTestApp();
const rows = parseMatrix(MATRIX);

describe('access-control matrix', () => {
  it('has a request for every row, and a row for every request', () => {
    expect(rows.map((r) => r.endpoint).sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  it.each(rows.map((r) => [r.endpoint, r] as const))('%s', async (_endpoint, row) => {
    const world = await buildWorld(ctx);
    const failures: string[] = [];
    for (const name of CALLERS) {
      const cell = row.cells[name];
      if (cell === '-') continue;
      const [status, code] = cell.split(' ');
      const caller = world.callers[name];
      const request = await (REQUESTS[row.endpoint] as RequestFor)(caller, world, ctx);
      const res = await ctx.app.inject({
        ...request,
        remoteAddress: freshAddress(),
        headers: { ...request.headers, ...(caller.learner ? { cookie: caller.learner.cookie } : {}) },
      });
      if (String(res.statusCode) !== status) {
        failures.push(`${name}: expected ${cell}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode >= 400) {
        const body = res.json() as { code: string; detail: string };
        const expectedCode = code ?? (res.statusCode === 401 ? 'unauthorized' : undefined);
        if (body.code !== expectedCode) failures.push(`${name}: code ${body.code}, expected ${expectedCode}`);
        const detail = DETAILS[body.code];
        const matches = typeof detail === 'string' ? body.detail === detail : detail?.test(body.detail);
        if (!matches) failures.push(`${name}: detail ${JSON.stringify(body.detail)} for ${body.code}`);
      } else if (res.statusCode === 200 && BODY_CHECKS[row.endpoint]) {
        BODY_CHECKS[row.endpoint]?.(res.json(), caller);
      }
    }
    expect(failures).toEqual([]);

    // Reaching for the owner's order or session granted nothing to anyone.
    const intruderGrants = await ctx.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, world.intruder.id), eq(enrollments.courseId, ORDER_COURSE)));
    expect(intruderGrants).toEqual([]);
    // Reaching for the owner's other paid order neither refunded it nor asked to cancel it.
    const kept = world.callers["another's resource"].paidOrderId;
    const [keptOrder] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, kept));
    expect(keptOrder).toMatchObject({ status: 'paid', refundedPaise: 0 });
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, kept))).toEqual([]);
    // Reaching for the owner's other note neither changed nor deleted it.
    if (/\bnotes?\b/.test(row.endpoint)) {
      const [target] = await ctx.database.db
        .select({ body: lessonNotes.body })
        .from(lessonNotes)
        .where(eq(lessonNotes.id, world.callers["another's resource"].noteId));
      expect(target?.body).toBe("The owner's other note");
    }
  });

  it('account and dashboard routes act only on the learner of the session', async () => {
    const world = await buildWorld(ctx);
    const as = (learner: TestLearner) => ({ cookie: learner.cookie, origin: TEST_ORIGIN });
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: as(world.intruder),
      payload: { name: 'Intruder Renamed' },
    });
    expect(renamed.json()).toMatchObject({ id: world.intruder.id, name: 'Intruder Renamed' });
    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: as(world.intruder) });
    expect(deleted.statusCode).toBe(204);

    const [owner] = await ctx.database.db.select().from(users).where(eq(users.id, world.owner.id));
    expect(owner?.name).toBe('Owner');
    const [orderRow] = await ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, world.callers.enrolled.orderId));
    expect(orderRow).toMatchObject({ userId: world.owner.id, status: 'created' });
    const dashboard = await ctx.app.inject({ url: '/api/v1/users/me/enrollments', headers: as(world.owner) });
    expect(dashboard.json()).toEqual([expect.objectContaining({ id: COURSE })]);
  });
});
