import {
  CERTIFICATE_ID_PATTERN,
  certificateSchema,
  certificateSummarySchema,
  dashboardSchema,
  paymentOrderSchema,
  sandboxPaymentSchema,
} from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_ORIGIN, type TestContext, useTestApp } from '../../../test/app.ts';
import { createLearner, get, type Learner, post, refundEvent, webhook } from '../../../test/payments.ts';
import { certificates, emailMessages, enrollments, lessons } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { awardCertificateIfEarned } from './index.ts';
import {
  attemptQuiz,
  COURSE,
  COURSE_TITLE,
  createCourse,
  LESSONS,
  QUIZZES,
  RIGHT_ANSWERS,
  seekToTheEnd,
  submitQuiz,
  TIER,
  WRONG_ANSWERS,
  watchHonestly,
} from './test-support.ts';

const certificateRows = (ctx: TestContext, userId: string) =>
  ctx.database.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, COURSE)));

const certificateMails = (ctx: TestContext, userId: string) =>
  ctx.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.userId, userId), eq(emailMessages.kind, 'certificate')));

/** Buys the course's lifetime tier through the sandbox checkout and the signed webhook, as payment tests do. */
async function buy(ctx: TestContext, learner: Learner) {
  const orderRes = await post(ctx, '/api/v1/payments/create-order', learner, { courseId: COURSE, pricingTierId: TIER });
  expect(orderRes.statusCode, orderRes.body).toBe(200);
  const order = paymentOrderSchema.parse(orderRes.json());
  const payment = sandboxPaymentSchema.parse(
    (await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: order.orderId })).json(),
  );
  const verify = await post(ctx, '/api/v1/payments/verify', learner, payment);
  expect(verify.statusCode, verify.body).toBe(200);
  return { order, payment };
}

async function passEveryQuiz(ctx: TestContext, learner: Learner) {
  for (const quiz of QUIZZES) {
    await attemptQuiz(ctx, learner, quiz, 60);
    await attemptQuiz(ctx, learner, quiz, 90);
  }
}

async function readCertificate(ctx: TestContext, id: string) {
  const res = await get(ctx, `/api/v1/certificates/${id}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return certificateSchema.parse(res.json());
}

describe('certificates: issued only for honest watching and passed quizzes', () => {
  const ctx = useTestApp();

  it('issues one when the last lesson is honestly watched after every quiz is passed, and emails its link once', async () => {
    await createCourse(ctx);
    const learner = await createLearner(ctx, 'Asha Verma');
    await buy(ctx, learner);
    await passEveryQuiz(ctx, learner);
    await watchHonestly(ctx, learner, LESSONS[0]);
    expect(await certificateRows(ctx, learner.id)).toEqual([]);
    await watchHonestly(ctx, learner, LESSONS[1]);

    const [row] = await certificateRows(ctx, learner.id);
    expect(row).toMatchObject({ learnerName: 'Asha Verma', courseTitle: COURSE_TITLE, watchedSeconds: 40 });
    expect(row?.id).toMatch(CERTIFICATE_ID_PATTERN);
    expect(row?.issuedAt).toEqual(ctx.clock.now);

    const certificate = await readCertificate(ctx, row?.id ?? '');
    expect(certificate).toEqual({
      id: row?.id,
      learnerName: 'Asha Verma',
      course: { id: COURSE, title: COURSE_TITLE },
      issuedAt: ctx.clock.now.toISOString(),
      watchedSeconds: 40,
      quizScores: [
        { title: 'Quiz 1', scorePercent: 90 },
        { title: 'Quiz 2', scorePercent: 90 },
      ],
      status: 'verified',
      revokedAt: null,
      verificationUrl: `${TEST_ORIGIN}/certificates/${row?.id}`,
      linkedInUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/),
    });
    const linkedIn = new URL(certificate.linkedInUrl);
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: COURSE_TITLE,
      organizationName: ctx.app.deps.site.productName,
      issueYear: expect.stringMatching(/^\d{4}$/),
      issueMonth: expect.stringMatching(/^(?:[1-9]|1[0-2])$/),
      certUrl: certificate.verificationUrl,
      certId: row?.id,
    });

    const mails = await certificateMails(ctx, learner.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: learner.email, subject: `Your certificate for ${COURSE_TITLE}` });
    expect(mails[0]?.text).toContain(`View your certificate: ${certificate.verificationUrl}`);
    expect(mails[0]?.text).toContain(`Add to LinkedIn profile: ${certificate.linkedInUrl}`);
    expect(mails[0]?.html).toContain(certificate.verificationUrl);

    // Watching a lesson again later changes nothing: no second certificate, no second email.
    await watchHonestly(ctx, learner, LESSONS[0]);
    expect(await certificateRows(ctx, learner.id)).toHaveLength(1);
    expect(await certificateMails(ctx, learner.id)).toHaveLength(1);
  });

  it('is issued by the last quiz passed (through the API, one failed first) when the lessons were watched first', async () => {
    await createCourse(ctx);
    const learner = await createLearner(ctx);
    await buy(ctx, learner);
    for (const lesson of LESSONS) await watchHonestly(ctx, learner, lesson);
    expect((await submitQuiz(ctx, learner, QUIZZES[0], WRONG_ANSWERS)).passed).toBe(false);
    await submitQuiz(ctx, learner, QUIZZES[0], RIGHT_ANSWERS);
    expect(await certificateRows(ctx, learner.id)).toEqual([]);
    await submitQuiz(ctx, learner, QUIZZES[1], RIGHT_ANSWERS);
    const [row] = await certificateRows(ctx, learner.id);
    expect(row?.quizScores).toEqual([
      { title: 'Quiz 1', scorePercent: 100 },
      { title: 'Quiz 2', scorePercent: 100 },
    ]);
    expect(await certificateMails(ctx, learner.id)).toHaveLength(1);
  });

  it('does not wait for a lesson with nothing to watch yet (a reading lesson), but counts it once it has a video', async () => {
    await createCourse(ctx);
    // A third lesson whose recording is still to come: nothing to watch, so nothing the 90% rule could credit.
    await ctx.database.db.insert(lessons).values({
      id: 'certified-course-03',
      courseId: COURSE,
      sectionId: `${COURSE}-s2`,
      position: 3,
      title: 'Reading: the workshop notes',
      durationSeconds: 0,
    });
    const learner = await createLearner(ctx);
    await buy(ctx, learner);
    await passEveryQuiz(ctx, learner);
    for (const lesson of LESSONS) await watchHonestly(ctx, learner, lesson);
    expect(await certificateRows(ctx, learner.id)).toHaveLength(1);

    // Another learner, after the recording arrives: that lesson now has to be watched like the others.
    await ctx.database.db
      .update(lessons)
      .set({
        videoType: 'youtube',
        videoRef: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        durationSeconds: 20,
      })
      .where(eq(lessons.id, 'certified-course-03'));
    const later = await createLearner(ctx);
    await buy(ctx, later);
    await passEveryQuiz(ctx, later);
    for (const lesson of LESSONS) await watchHonestly(ctx, later, lesson);
    expect(await certificateRows(ctx, later.id)).toEqual([]);
    await watchHonestly(ctx, later, 'certified-course-03');
    expect(await certificateRows(ctx, later.id)).toHaveLength(1);
  });

  it('never issues one to a learner who seeks to the end of every lesson and submits every quiz', async () => {
    await createCourse(ctx);
    const learner = await createLearner(ctx);
    await buy(ctx, learner);
    for (const lesson of LESSONS) await seekToTheEnd(ctx, learner, lesson);
    for (const quiz of QUIZZES) {
      expect((await submitQuiz(ctx, learner, quiz, WRONG_ANSWERS)).passed).toBe(false);
      expect((await submitQuiz(ctx, learner, quiz, RIGHT_ANSWERS)).passed).toBe(true);
    }
    const outcome = await awardCertificateIfEarned(ctx.database.db, {
      userId: learner.id,
      courseId: COURSE,
      now: ctx.clock.now,
      outbox: ctx.app.deps.outbox,
    });
    expect(outcome).toEqual({ kind: 'not_earned', reason: 'lessons_incomplete' });
    expect(await certificateRows(ctx, learner.id)).toEqual([]);
    expect(await certificateMails(ctx, learner.id)).toEqual([]);
    const mine = await get(ctx, '/api/v1/users/me/certificates', learner);
    expect(mine.json()).toEqual([]);
  });

  it('does not issue one while a quiz is not passed, and does once it is', async () => {
    await createCourse(ctx);
    const learner = await createLearner(ctx);
    await buy(ctx, learner);
    await attemptQuiz(ctx, learner, QUIZZES[0], 80);
    await attemptQuiz(ctx, learner, QUIZZES[1], 60);
    for (const lesson of LESSONS) await watchHonestly(ctx, learner, lesson);
    expect(await certificateRows(ctx, learner.id)).toEqual([]);

    await attemptQuiz(ctx, learner, QUIZZES[1], 70);
    const award = () =>
      awardCertificateIfEarned(ctx.database.db, {
        userId: learner.id,
        courseId: COURSE,
        now: ctx.clock.now,
        outbox: ctx.app.deps.outbox,
      });
    expect((await award()).kind).toBe('issued');
    expect((await award()).kind).toBe('exists');
  });

  it('does not issue one once access has run out (the week ended before the last quiz was passed)', async () => {
    await createCourse(ctx);
    const learner = await createLearner(ctx);
    await ctx.database.db.insert(enrollments).values({
      userId: learner.id,
      courseId: COURSE,
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() + 3_600_000),
      source: 'payment',
    });
    for (const lesson of LESSONS) await watchHonestly(ctx, learner, lesson);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 2 * 3_600_000);
    await passEveryQuiz(ctx, learner);
    const outcome = await awardCertificateIfEarned(ctx.database.db, {
      userId: learner.id,
      courseId: COURSE,
      now: ctx.clock.now,
      outbox: ctx.app.deps.outbox,
    });
    expect(outcome).toEqual({ kind: 'not_earned', reason: 'no_access' });
    expect(await certificateRows(ctx, learner.id)).toEqual([]);
  });

  it('issues exactly one certificate and one email when two awards race', async () => {
    await createCourse(ctx);
    const learner = await createLearner(ctx);
    await buy(ctx, learner);
    for (const lesson of LESSONS) await watchHonestly(ctx, learner, lesson);
    await passEveryQuiz(ctx, learner);
    const award = () =>
      awardCertificateIfEarned(ctx.database.db, {
        userId: learner.id,
        courseId: COURSE,
        now: ctx.clock.now,
        outbox: ctx.app.deps.outbox,
      });
    const outcomes = await Promise.all([award(), award(), award()]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['exists', 'exists', 'issued']);
    const ids = new Set(outcomes.map((o) => ('certificateId' in o ? o.certificateId : null)));
    expect(ids.size).toBe(1);
    expect(await certificateRows(ctx, learner.id)).toHaveLength(1);
    expect(await certificateMails(ctx, learner.id)).toHaveLength(1);
  });
});

describe('certificates: revocation, deletion and bad ids', () => {
  const ctx = useTestApp();

  async function certifiedLearner(name = 'Ravi Kumar') {
    await createCourse(ctx);
    const learner = await createLearner(ctx, name);
    const bought = await buy(ctx, learner);
    await passEveryQuiz(ctx, learner);
    for (const lesson of LESSONS) await watchHonestly(ctx, learner, lesson);
    const [row] = await certificateRows(ctx, learner.id);
    if (!row) throw new Error('no certificate issued');
    return { learner, id: row.id, ...bought };
  }

  it('a full refund through the webhook revokes it: the page says revoked, and since when', async () => {
    const { learner, id, order, payment } = await certifiedLearner();
    const secret = createSandboxProvider(ctx.app.deps.config.sessionSecret).webhookSecret;
    const partial = await webhook(
      ctx,
      secret,
      refundEvent(order.orderId, payment.razorpay_payment_id, 10_000, order.amount, { refundId: 'rfnd_PART000000001' }),
    );
    expect(partial.statusCode).toBe(200);
    expect((await readCertificate(ctx, id)).status).toBe('verified');

    ctx.clock.now = new Date(ctx.clock.now.getTime() + 3_600_000);
    const refundedAt = ctx.clock.now;
    // The rest of the amount, in a second refund: now the whole payment is back.
    const rest = refundEvent(order.orderId, payment.razorpay_payment_id, order.amount - 10_000, order.amount, {
      refundId: 'rfnd_REST000000001',
      totalRefundedPaise: order.amount,
    });
    const full = await webhook(ctx, secret, rest);
    expect(full.statusCode).toBe(200);
    const revoked = await readCertificate(ctx, id);
    expect(revoked).toMatchObject({
      status: 'revoked',
      revokedAt: refundedAt.toISOString(),
      learnerName: 'Ravi Kumar',
    });
    expect((await certificateRows(ctx, learner.id))[0]?.revokedReason).toBe('refund');

    // A redelivered refund keeps the first revocation time.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    await webhook(ctx, secret, rest);
    expect((await readCertificate(ctx, id)).revokedAt).toBe(refundedAt.toISOString());

    // The dashboard lists it as revoked, and it no longer counts for the achievement.
    const mine = z
      .array(certificateSummarySchema)
      .parse((await get(ctx, '/api/v1/users/me/certificates', learner)).json());
    expect(mine).toEqual([
      { id, course: { id: COURSE, title: COURSE_TITLE }, issuedAt: expect.any(String), status: 'revoked' },
    ]);
    const dashboard = dashboardSchema.parse((await get(ctx, '/api/v1/dashboard', learner)).json());
    expect(dashboard.achievements.find((a) => a.title === 'Certified')?.earned).toBe(false);
  });

  it('lists a held certificate on the dashboard and earns the first-certificate achievement', async () => {
    const { learner, id } = await certifiedLearner();
    const mine = await get(ctx, '/api/v1/users/me/certificates', learner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json()).toEqual([
      { id, course: { id: COURSE, title: COURSE_TITLE }, issuedAt: expect.any(String), status: 'verified' },
    ]);
    const dashboard = dashboardSchema.parse((await get(ctx, '/api/v1/dashboard', learner)).json());
    expect(dashboard.achievements.find((a) => a.title === 'Certified')).toMatchObject({
      icon: 'Award',
      earned: true,
    });
    // Another learner sees none of it.
    const other = await createLearner(ctx);
    expect((await get(ctx, '/api/v1/users/me/certificates', other)).json()).toEqual([]);
    expect((await get(ctx, '/api/v1/users/me/certificates', null)).statusCode).toBe(401);
  });

  it('after account deletion the page says the certificate no longer exists (410) and keeps no name', async () => {
    const { learner, id } = await certifiedLearner();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { cookie: learner.cookie, origin: TEST_ORIGIN },
    });
    expect(deleted.statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row).toMatchObject({ userId: null, learnerName: null, deletedAt: ctx.clock.now });
    for (const suffix of ['', '/pdf', '/image.png']) {
      const res = await get(ctx, `/api/v1/certificates/${id}${suffix}`, null);
      expect(res.statusCode, suffix).toBe(410);
      expect(res.json()).toEqual({
        code: 'certificate_deleted',
        detail: 'This certificate no longer exists: the account it was issued to has been deleted.',
      });
    }
  });

  it('answers a clear 400 for a malformed id and 404 for one never issued', async () => {
    for (const bad of ['abc', 'x'.repeat(23), 'AAAAAAAAAAAAAAAAAAAA%2F', "A'OR'1'='1AAAAAAAAAAAAA"]) {
      const res = await get(ctx, `/api/v1/certificates/${bad}`, null);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toMatch(/certificate id/);
    }
    for (const suffix of ['', '/pdf', '/image.png']) {
      const res = await get(ctx, `/api/v1/certificates/AAAAAAAAAAAAAAAAAAAAAA${suffix}`, null);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'certificate_not_found',
        detail: 'No certificate has this ID. Check the link: it is case-sensitive.',
      });
    }
  });

  it('serves a PDF to download and a 1200 x 630 PNG for link previews, cached briefly', async () => {
    const { id } = await certifiedLearner('Zoë Ångström');
    const page = await get(ctx, `/api/v1/certificates/${id}`, null);
    // The status is never served from a cache unchecked: a revocation shows at once.
    expect(page.headers['cache-control']).toBe('public, no-cache');

    const pdf = await get(ctx, `/api/v1/certificates/${id}/pdf`, null);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('public, max-age=60');
    const bytes = pdf.rawPayload;
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toMatch(/startxref\s+\d+\s+%%EOF\s*$/);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // The document's title (an indirect string object) names the certificate.
    const titleRef = /\/Title (\d+) 0 R/.exec(text)?.[1];
    expect(text).toContain(`\n${titleRef} 0 obj\n(Certificate ${id})\nendobj`);
    // The verification page is a link annotation on the page.
    expect(text).toContain(`/URI (${TEST_ORIGIN}/certificates/${id})`);

    const image = await get(ctx, `/api/v1/certificates/${id}/image.png`, null);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=60');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});
