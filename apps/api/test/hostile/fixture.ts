import { createHmac, randomBytes } from 'node:crypto';
import type { StaffRole } from '@kaushal/contract';
import { asc, eq } from 'drizzle-orm';
import {
  certificates,
  contactMessages,
  coupons,
  courses,
  emailMessages,
  hlsRenditions,
  lessonNotes,
  lessonResources,
  lessons,
  paymentOrders,
  pricingTiers,
  sections,
  userRoles,
  videoSessions,
} from '../../src/db/schema.ts';
import { openWorkingCopy } from '../../src/modules/admin/drafts.ts';
import { hashToken, SESSION_COOKIE } from '../../src/modules/auth/session.ts';
import { invoiceAttachment } from '../../src/modules/invoices/index.ts';
import { signResourceLink } from '../../src/modules/learning/resource-links.ts';
import { unsubscribeUrl } from '../../src/modules/mail/unsubscribe.ts';
import { insertQuiz } from '../../src/modules/quizzes/test-support.ts';
import { createHlsToken } from '../../src/modules/streaming/hls-token.ts';
import { signMedia } from '../../src/providers/media/media-signature.ts';
import { createSandboxProvider } from '../../src/providers/payments/sandbox.ts';
import { TEST_ORIGIN, type TestContext } from '../app.ts';
import { insertEnrollment, insertLearner, insertSessions } from '../support/learners.ts';
import { insertCancellationRequest, insertPaidOrder } from '../support/paid-orders.ts';
import { tusMetadata } from '../support/tiny-video.ts';

export const METRICS_TOKEN = 'hostile-suite-metrics-token-0123456789';
export const ENROLLED_COURSE = 'llm-evaluation';
export const PAID_LESSON = 'llm-evaluation-02';
export const FREE_COURSE = 'python-for-ai';
export const ORDER_COURSE = 'rag-from-scratch';
export const ORDER_TIER = 'rag-from-scratch-weekly';
export const ORDER_PAISE = 99_900;
export const MEDIA_KEY = 'lesson-short.mp4';
/** A quiz of ENROLLED_COURSE (every question kind); a valid attempt answers all of them. */
export const QUIZ = `${ENROLLED_COURSE}-quiz-hostile`;
/** A coupon for ORDER_COURSE (10% off), and one that makes any course free (redeemed without checkout). */
export const COUPON_CODE = 'HOSTILE10';
export const FREE_COUPON_CODE = 'HOSTILEFREE';
/** The learner's certificate of ENROLLED_COURSE: what the public certificate endpoints show. */
export const CERTIFICATE_ID = 'HostileSuiteCertific01';

/**
 * Everything a valid request of each endpoint needs: a learner enrolled in a course, with a video session,
 * an unpaid order, signed media, and the sandbox's secrets. Hostile variants change one thing at a time.
 */
export interface HostileFixture {
  userId: string;
  orderId: string;
  videoSessionId: string;
  media: { exp: string; sig: string };
  mediaSecret: string;
  /** The operator's token of POST /operator/backup (DATA_DIR/secrets/backup-token). */
  backupToken: string;
  keySecret: string;
  webhookSecret: string;
  /** The signed token of the learner's reminder unsubscribe link. */
  unsubscribeToken: string;
  /** A message in the development mailbox, with the invoice attached. */
  emailId: string;
  /**
   * The learner's order of ENROLLED_COURSE paid just now, nothing watched (refunded at once under the policy;
   * staff refund ₹1 of it), and its tax invoice, its PDF already drawn (downloads write nothing).
   */
  paidOrderId: string;
  invoiceId: string;
  /** An order of the learner's paid 13 hours ago: past the instant refund, open to a cancellation request. */
  cancellableOrderId: string;
  /** The learner's cancellation request of another order paid 13 hours ago, waiting for support's decision. */
  refundRequestId: string;
  /** The version of ORDER_COURSE, which staff edits name (the course changed since is refused). */
  courseVersion: number;
  /** Another user, holding the instructor role: whom staff endpoints assign and grant roles to. */
  colleagueId: string;
  /** ORDER_COURSE's sections in order, each with its lessons in order (as the outline editor saves them). */
  outline: Array<{ id: string; title: string; lessonIds: string[] }>;
  /** A pricing tier of ORDER_COURSE nobody bought (it may be deleted), and the course's tier ids in order. */
  deletableTierId: string;
  tierIds: string[];
  /** A lesson video upload (tus) an admin began for ORDER_COURSE's first lesson: no byte sent yet. */
  videoUploadId: string;
  /** The learner's note on PAID_LESSON (64 s long): what the notes endpoints edit and delete. */
  noteId: string;
  /** A resource of the draft's first lesson of ORDER_COURSE: what the console's resource edits address. */
  resourceId: string;
  /** A resource of PAID_LESSON (streaming MEDIA_KEY), and a download link of it signed for the learner. */
  learnerResource: { id: string; exp: string; sig: string };
  /** The coupon COUPON_CODE, which the console's coupon edit addresses. */
  couponId: string;
  /** A contact message of the learner's, a ticket in the support inbox (at version 1). */
  ticketId: string;
  /** A fresh session cookie of the learner for each call (per-learner rate limits never trigger). */
  nextCookie(): string;
  /**
   * PAID_LESSON's video with an HLS ladder (one rendition, one segment: fixtures), and a token of the learner's
   * video session for it, bound to `cookie` (one sign-in of the learner's: HLS tokens are, decision 034).
   */
  hls: { token: string; cookie: string };
}

/** `role`: for a staff endpoint's test, the learner also holds this role. */
export async function createHostileFixture(
  ctx: TestContext,
  sessionsNeeded: number,
  role?: StaffRole,
): Promise<HostileFixture> {
  const { db } = ctx.database;
  const now = ctx.clock.now;
  const learner = await insertLearner(db, now, 'Hostile Suite Learner');
  await insertEnrollment(db, learner.id, ENROLLED_COURSE, { accessType: 'permanent' });
  await insertQuiz(ctx, { id: QUIZ, courseId: ENROLLED_COURSE, sectionId: `${ENROLLED_COURSE}-s1` });
  const colleague = await insertLearner(db, now, 'Hostile Suite Colleague');
  await db
    .insert(userRoles)
    .values([
      { userId: colleague.id, role: 'instructor', grantedAt: now },
      ...(role ? [{ userId: learner.id, role, grantedAt: now }] : []),
    ]);
  const deletableTierId = `${ORDER_COURSE}-hostile-deletable`;
  await db.insert(pricingTiers).values({
    id: deletableTierId,
    courseId: ORDER_COURSE,
    position: 99,
    title: 'Deletable',
    pricePaise: 100,
    originalPricePaise: 100,
    accessType: 'weekly',
  });
  const tierIds = (
    await db
      .select({ id: pricingTiers.id })
      .from(pricingTiers)
      .where(eq(pricingTiers.courseId, ORDER_COURSE))
      .orderBy(pricingTiers.position)
  ).map((t) => t.id);
  const resourceValues = {
    position: 0,
    title: 'Hostile notebook',
    fileName: 'hostile.ipynb',
    mediaKey: MEDIA_KEY,
    contentType: 'application/x-ipynb+json',
    sizeBytes: 1,
  };
  let resourceId = '';
  // The published course has unpublished changes (a draft, modules/admin/drafts.ts): the discard has one to
  // throw away, and the other console writes go through it, as they do once staff have edited the course.
  await db.transaction(async (tx) => {
    const [published] = await tx.select().from(courses).where(eq(courses.id, ORDER_COURSE));
    if (!published) throw new Error(`no course ${ORDER_COURSE}`);
    const draft = await openWorkingCopy(tx, published, now);
    // Its first lesson (the upload and caption cases' lesson) has Hindi captions in the draft, for the removal.
    const [first] = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, ORDER_COURSE))
      .orderBy(asc(lessons.position))
      .limit(1);
    if (!first) throw new Error(`${ORDER_COURSE} has no lessons`);
    await tx
      .update(lessons)
      .set({ captions: [{ lang: 'hi', label: 'हिन्दी', key: 'uploads/hostile-hi.vtt' }] })
      .where(eq(lessons.id, draft.lessonRow(first.id)));
    // And a resource in the draft, for the console's rename, reorder and removal.
    const [resource] = await tx
      .insert(lessonResources)
      .values({ ...resourceValues, lessonId: draft.lessonRow(first.id) })
      .returning({ id: lessonResources.id });
    resourceId = resource?.id ?? '';
  });
  const [learnerResource] = await db
    .insert(lessonResources)
    .values({ ...resourceValues, lessonId: PAID_LESSON })
    .returning({ id: lessonResources.id });
  if (!learnerResource || !resourceId) throw new Error('no resources');
  const [course] = await db.select({ version: courses.version }).from(courses).where(eq(courses.id, ORDER_COURSE));
  if (!course) throw new Error(`no course ${ORDER_COURSE}`);
  const outline = (
    await db
      .select({ id: sections.id, title: sections.title })
      .from(sections)
      .where(eq(sections.courseId, ORDER_COURSE))
      .orderBy(asc(sections.position))
  ).map((section) => ({ ...section, lessonIds: [] as string[] }));
  const courseLessons = await db
    .select({ id: lessons.id, sectionId: lessons.sectionId })
    .from(lessons)
    .where(eq(lessons.courseId, ORDER_COURSE))
    .orderBy(asc(lessons.position));
  for (const lesson of courseLessons) outline.find((s) => s.id === lesson.sectionId)?.lessonIds.push(lesson.id);
  if (!outline[0]?.lessonIds[0]) throw new Error(`${ORDER_COURSE} has no lessons`);
  const orderId = 'order_HOSTILESUITE01';
  await db.insert(paymentOrders).values({
    id: orderId,
    userId: learner.id,
    courseId: ORDER_COURSE,
    pricingTierId: ORDER_TIER,
    accessType: 'weekly',
    amountPaise: ORDER_PAISE,
    createdAt: now,
  });
  const paidAt = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  const paid = (id: string, courseId: string, hoursAgo: number) => ({
    id,
    userId: learner.id,
    courseId,
    paidAt: paidAt(hoursAgo),
    amountPaise: ORDER_PAISE,
  });
  const { orderId: paidOrderId, invoiceId } = await insertPaidOrder(
    db,
    paid('order_HOSTILEPAID001', ENROLLED_COURSE, 0),
    ctx.app.deps.config.invoicing,
  );
  if (!invoiceId) throw new Error('no invoice');
  await invoiceAttachment(db, ctx.app.deps.pdfThread)({ kind: 'invoice', invoiceId });
  const { orderId: cancellableOrderId } = await insertPaidOrder(
    db,
    paid('order_HOSTILEPAID002', 'transformers-explained', 13),
  );
  const asked = paid('order_HOSTILEPAID003', 'prompt-engineering', 13);
  await insertPaidOrder(db, asked);
  const refundRequestId = await insertCancellationRequest(db, asked, now);
  const [session] = await db
    .insert(videoSessions)
    .values({ userId: learner.id, lessonId: PAID_LESSON, createdAt: now })
    .returning({ id: videoSessions.id });
  if (!session) throw new Error('no video session');
  const [note] = await db
    .insert(lessonNotes)
    .values({
      userId: learner.id,
      lessonId: PAID_LESSON,
      courseId: ENROLLED_COURSE,
      kind: 'note',
      atSeconds: 20,
      body: 'A note of the suite.',
    })
    .returning({ id: lessonNotes.id });
  if (!note) throw new Error('no note');
  await db.insert(certificates).values({
    id: CERTIFICATE_ID,
    userId: learner.id,
    courseId: ENROLLED_COURSE,
    learnerName: 'Hostile Suite Learner',
    courseTitle: 'LLM Evaluation',
    watchedSeconds: 600,
    quizScores: [{ title: 'Quiz', scorePercent: 80 }],
  });
  const [coupon] = await db
    .insert(coupons)
    .values([
      { code: COUPON_CODE, kind: 'percent', value: 10, scope: 'courses', courseIds: [ORDER_COURSE] },
      { code: FREE_COUPON_CODE, kind: 'percent', value: 100, scope: 'all' },
    ])
    .returning({ id: coupons.id });
  if (!coupon) throw new Error('no coupon');
  const ticketId = 'TKT-20261127-HSTZ4E';
  await db.insert(contactMessages).values({
    ticketId,
    name: 'Hostile Suite Learner',
    email: learner.email,
    subject: 'A question of the suite',
    category: 'general',
    message: 'Where is my certificate?',
    userId: learner.id,
    awaitingSince: now,
    lastLearnerMessageAt: now,
  });
  const tokens = await insertSessions(db, learner.id, sessionsNeeded, now);
  const { config } = ctx.app.deps;
  const [email] = await db
    .insert(emailMessages)
    .values({
      kind: 'welcome',
      userId: learner.id,
      toName: 'Hostile Suite Learner',
      toAddress: 'hostile@example.com',
      subject: 'Welcome',
      html: '<p>Welcome</p>',
      text: 'Welcome',
      attachments: [{ kind: 'invoice', invoiceId }],
      createdAt: now,
    })
    .returning({ id: emailMessages.id });
  if (!email) throw new Error('no email');
  const unsubscribeToken =
    new URL(unsubscribeUrl(config.publicUrl, config.sessionSecret, learner.id)).searchParams.get('token') ?? '';
  const sandbox = createSandboxProvider(config.sessionSecret);
  const exp = Math.floor(now.getTime() / 1000) + 3600;
  const uploader = await insertLearner(db, now, 'Hostile Suite Uploader');
  await db.insert(userRoles).values({ userId: uploader.id, role: 'admin', grantedAt: now });
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/uploads/videos',
    headers: {
      origin: TEST_ORIGIN,
      cookie: uploader.cookie,
      'tus-resumable': '1.0.0',
      'upload-length': '4000',
      'upload-metadata': tusMetadata({ courseId: ORDER_COURSE, lessonId: outline[0]?.lessonIds[0] ?? '' }),
    },
  });
  const videoUploadId =
    String(upload.headers.location ?? '')
      .split('/')
      .pop() ?? '';
  if (upload.statusCode !== 201 || !videoUploadId) throw new Error(`no video upload: ${upload.body}`);
  const hls = await hlsFixture(ctx, learner.id, session.id, now);
  let next = 0;
  return {
    hls,
    userId: learner.id,
    orderId,
    videoSessionId: session.id,
    media: { exp: String(exp), sig: signMedia(config.mediaSigningSecret, MEDIA_KEY, exp) },
    mediaSecret: config.mediaSigningSecret,
    backupToken: config.backupToken ?? '',
    keySecret: sandbox.keySecret,
    webhookSecret: sandbox.webhookSecret,
    unsubscribeToken,
    emailId: email.id,
    paidOrderId,
    invoiceId,
    cancellableOrderId,
    refundRequestId,
    courseVersion: course.version,
    colleagueId: colleague.id,
    outline,
    deletableTierId,
    tierIds,
    videoUploadId,
    noteId: note.id,
    resourceId,
    learnerResource: {
      id: learnerResource.id,
      ...(({ exp: e, sig }) => ({ exp: String(e), sig }))(
        signResourceLink(config.mediaSigningSecret, learnerResource.id, learner.id, now),
      ),
    },
    couponId: coupon.id,
    ticketId,
    nextCookie() {
      const token = tokens[next++];
      if (!token) throw new Error(`the fixture ran out of sessions: ask for more than ${sessionsNeeded}`);
      return `${SESSION_COOKIE}=${token}`;
    },
  };
}

export const hmacHex = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

async function hlsFixture(ctx: TestContext, userId: string, sessionId: string, now: Date) {
  const { db } = ctx.database;
  const setId = randomBytes(8).toString('hex');
  const [lesson] = await db.select({ videoRef: lessons.videoRef }).from(lessons).where(eq(lessons.id, PAID_LESSON));
  await ctx.app.deps.media.put(`uploads/hls/${setId}/240p/seg-00000.ts`, { bytes: new Uint8Array(188).fill(0x47) });
  await ctx.app.deps.media.put(`uploads/hls/${setId}/poster.jpg`, { bytes: new Uint8Array(4) });
  await db.insert(hlsRenditions).values({
    sourceKey: lesson?.videoRef ?? '',
    setId,
    label: '240p',
    width: 426,
    height: 240,
    bandwidth: 300_000,
    codecs: 'avc1.4d401e',
    playlist: '#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.0,\nseg-00000.ts\n#EXT-X-ENDLIST\n',
    posterKey: `uploads/hls/${setId}/poster.jpg`,
  });
  const [cookieToken = ''] = await insertSessions(db, userId, 1, now);
  const exp = Math.floor(now.getTime() / 1000) + 3600;
  const token = createHlsToken(
    ctx.app.deps.config.mediaSigningSecret,
    { sessionId, setId, exp },
    hashToken(cookieToken),
  );
  return { token, cookie: `${SESSION_COOKIE}=${cookieToken}` };
}
