import { paymentOrderSchema, sandboxPaymentSchema } from '@kaushal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { capturedEvent, createLearner, get, type Learner, post, webhook } from '../../../test/payments.ts';
import { linkIn, type ReceivedMail, startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { emailMessages, lessons } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { REMINDERS_QUEUE } from './reminders.ts';

/**
 * Mail as a receiving server sees it: the product's real delivery path (outbox row, pg-boss job, worker,
 * nodemailer) sends to an SMTP server on 127.0.0.1, and each message is parsed with mailparser.
 */
const sink = await startSmtpSink();
const SUPPORT_INBOX = 'team@kaushal.test';
const FREE_COURSE = 'python-for-ai';
const PAID_COURSE = 'rag-from-scratch';

describe('email delivery over SMTP', () => {
  const ctx = useTestApp({
    env: {
      JOBS_WORKER: 'true',
      SMTP_URL: sink.url,
      SUPPORT_INBOX,
      EMAIL_TIMEOUT_SECONDS: '3',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      JOBS_MAINTENANCE_SECONDS: '1',
    },
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.rejectRecipients.clear();
    sink.holdData = false;
  });
  afterAll(() => sink.stop());

  const rows = (kind?: string) =>
    ctx.database.db
      .select()
      .from(emailMessages)
      .where(kind ? eq(emailMessages.kind, kind) : undefined)
      .orderBy(asc(emailMessages.createdAt));
  const to = (mail: ReceivedMail) =>
    mail.parsed.to && !Array.isArray(mail.parsed.to) && mail.parsed.to.value[0]?.address;
  const contact = (fields: Record<string, string>, ip = '203.0.113.7') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
      payload: {
        name: 'Meera Iyer',
        email: 'meera@example.com',
        subject: 'Cannot play lesson 3',
        category: 'technical',
        message: 'The video stops at 2:10 every time.',
        ...fields,
      },
    });
  const until = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('welcomes a learner to a free course with a link to its first lesson, once', async () => {
    const learner = await createLearner(ctx, 'Ravi Kumar');
    expect((await post(ctx, `/api/v1/courses/${FREE_COURSE}/enroll`, learner)).statusCode).toBe(200);
    const [mail] = await sink.waitFor(1);
    if (!mail) throw new Error('no mail');
    const [first] = await ctx.database.db
      .select({ id: lessons.id, title: lessons.title })
      .from(lessons)
      .where(eq(lessons.courseId, FREE_COURSE))
      .orderBy(asc(lessons.position))
      .limit(1);
    expect(to(mail)).toBe(learner.email);
    expect(mail.parsed.subject).toBe('Welcome to Python for AI Engineers');
    expect(mail.parsed.from?.text).toContain('Kaushal AI');
    expect(mail.parsed.text).toContain(`Start with the first lesson: ${first?.title}.`);
    expect(mail.parsed.html).toContain('Start the first lesson');
    const link = linkIn(mail.parsed.text ?? '', `${TEST_ORIGIN}/course/`);
    expect(link).toBe(`${TEST_ORIGIN}/course/${FREE_COURSE}?lesson=${first?.id}`);
    // The link's lesson is one the learner may open now.
    const lesson = await get(ctx, `/api/v1/lessons/${first?.id}`, learner);
    expect(lesson.statusCode).toBe(200);
    // The footer: the product's name and address, in both parts.
    for (const part of [mail.parsed.text ?? '', String(mail.parsed.html)]) {
      expect(part).toContain('Kaushal AI');
      expect(part).toContain('Bangalore 560001');
    }
    expect(mail.parsed.messageId).toMatch(/@localhost>?$/);

    expect((await post(ctx, `/api/v1/courses/${FREE_COURSE}/enroll`, learner)).statusCode).toBe(200);
    await until(async () => (await rows('welcome')).every((row) => row.status === 'sent'));
    expect(await rows('welcome')).toHaveLength(1);
  });

  it('delivers a Hindi learner’s mail in Hindi, intact through SMTP', async () => {
    const learner = await createLearner(ctx, 'अनन्या');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/settings',
      headers: { origin: TEST_ORIGIN, cookie: learner.cookie },
      payload: { language: 'hi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(ctx, `/api/v1/courses/${FREE_COURSE}/enroll`, learner)).statusCode).toBe(200);
    const [mail] = await sink.waitFor(1);
    expect(mail?.parsed.subject).toBe('Python for AI Engineers में आपका स्वागत है');
    expect(mail?.parsed.text).toContain('नमस्ते अनन्या, Python for AI Engineers में आपका दाख़िला हो गया है।');
    expect(String(mail?.parsed.html)).toContain('<html lang="hi">');
    expect(mail?.parsed.text).toContain('कोई सवाल?');
  });

  it('sends one receipt (and the welcome) for a paid order settled by both verify and webhook', async () => {
    const learner = await createLearner(ctx, 'Asha Learner');
    const order = paymentOrderSchema.parse(
      (
        await post(ctx, '/api/v1/payments/create-order', learner, {
          courseId: PAID_COURSE,
          pricingTierId: `${PAID_COURSE}-weekly`,
        })
      ).json(),
    );
    const payment = sandboxPaymentSchema.parse(
      (await post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: order.orderId })).json(),
    );
    const secret = createSandboxProvider(ctx.app.deps.config.sessionSecret).webhookSecret;
    const event = capturedEvent(order.orderId, payment.razorpay_payment_id, order.amount);
    const answers = await Promise.all([
      post(ctx, '/api/v1/payments/verify', learner, payment),
      webhook(ctx, secret, event),
      webhook(ctx, secret, event),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const mails = await sink.waitFor(2);
    const receipt = mails.find((m) => m.parsed.subject?.startsWith('Your receipt'));
    if (!receipt) throw new Error(`no receipt among ${mails.map((m) => m.parsed.subject).join(', ')}`);
    expect(receipt.parsed.subject).toBe('Your receipt for RAG from Scratch');
    const text = receipt.parsed.text ?? '';
    expect(text).toContain(`Amount paid: ₹${(order.amount / 100).toLocaleString('en-IN')}`);
    expect(text).toContain(`Payment ID: ${payment.razorpay_payment_id}`);
    expect(text).toContain(`Order reference: ${order.orderId}`);
    expect(text).toMatch(/Access: Until \d{1,2} \w{3} \d{4}, .* IST/);
    expect(linkIn(text, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/course/${PAID_COURSE}`);
    expect(String(receipt.parsed.html)).toContain(order.orderId);
    expect(mails.some((m) => m.parsed.subject === 'Welcome to RAG from Scratch')).toBe(true);
    // Nothing further arrives: a second receipt would have come within a polling interval or two.
    await new Promise((r) => setTimeout(r, 2500));
    expect(sink.received.filter((m) => m.parsed.subject?.startsWith('Your receipt'))).toHaveLength(1);
  });

  it('acknowledges a contact message with its ticket and response target, and tells the support inbox', async () => {
    const res = await contact({});
    expect(res.statusCode, res.body).toBe(200);
    const { ticket_id: ticket } = res.json() as { ticket_id: string };
    const mails = await sink.waitFor(2);
    const ack = mails.find((m) => to(m) === 'meera@example.com');
    const staff = mails.find((m) => to(m) === SUPPORT_INBOX);
    expect(ack?.parsed.subject).toBe(`We received your message [${ticket}]`);
    expect(ack?.parsed.text).toContain('within 2 hours during support hours');
    expect(ack?.parsed.text).toContain('Monday - Friday: 9:00 AM - 8:00 PM IST');
    expect(ack?.parsed.replyTo?.text).toBe('support@kaushal.ai');
    expect(staff?.parsed.subject).toBe(`[${ticket}] Technical Support: Cannot play lesson 3`);
    expect(staff?.parsed.text).toContain('The video stops at 2:10 every time.');
    expect(staff?.parsed.replyTo?.text).toBe('meera@example.com');
  });

  it('neutralises CR/LF in a name and subject: no header of the sender’s making, no extra recipient', async () => {
    const res = await contact({
      name: 'Eve\r\nBcc: victim@evil.test',
      subject: 'Hello\r\nBcc: other@evil.test\r\nX-Injected: yes',
      email: 'eve@example.com',
    });
    if (res.statusCode !== 200) {
      // Refusing the input outright is the other acceptable answer.
      expect(res.statusCode).toBe(400);
      return;
    }
    const mails = await sink.waitFor(2);
    for (const mail of mails) {
      expect(mail.envelopeTo).toHaveLength(1);
      expect(mail.envelopeTo[0]).not.toContain('evil.test');
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.headers.has('x-injected')).toBe(false);
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
    }
  });

  it('marks a message the server refuses with 5xx failed, without retrying it', async () => {
    sink.rejectRecipients.add('nobody@example.com');
    expect((await contact({ email: 'nobody@example.com' })).statusCode).toBe(200);
    await sink.waitFor(1); // the staff copy still goes
    await until(async () => (await rows('contact_ack'))[0]?.status === 'failed');
    await new Promise((r) => setTimeout(r, 2500));
    const [ack] = await rows('contact_ack');
    expect(ack).toMatchObject({ status: 'failed', attempts: 1 });
    expect(ack?.lastError).toContain('550');
    expect(sink.received).toHaveLength(1);
  });

  it('keeps mail while the SMTP server is down and delivers it when it returns', async () => {
    await sink.stop();
    expect((await contact({})).statusCode).toBe(200);
    await until(async () => (await rows()).some((row) => row.attempts >= 1));
    expect((await rows()).every((row) => row.status === 'queued')).toBe(true);
    await sink.start();
    const mails = await sink.waitFor(2, 20_000);
    expect(mails.map(to).sort()).toEqual(['meera@example.com', SUPPORT_INBOX]);
    await until(async () => (await rows()).every((row) => row.status === 'sent'));
  });

  it('sends the weekly digest with one-click unsubscribe, and nothing once the learner unsubscribed', async () => {
    const learner = await createLearner(ctx, 'Kiran Rao');
    const quiet: Learner = await createLearner(ctx, 'Quiet Learner');
    for (const who of [learner, quiet]) {
      expect((await post(ctx, `/api/v1/courses/${FREE_COURSE}/enroll`, who)).statusCode).toBe(200);
    }
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/settings',
      headers: { origin: TEST_ORIGIN, cookie: quiet.cookie },
      payload: { courseReminders: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await sink.waitFor(2);
    sink.received.length = 0;

    await ctx.app.deps.jobs.enqueue(REMINDERS_QUEUE, {});
    const [digest] = await sink.waitFor(1);
    if (!digest) throw new Error('no digest');
    expect(to(digest)).toBe(learner.email);
    expect(digest.parsed.subject).toMatch(/^Continue Python for AI Engineers: next up, /);
    // The raw header lines (mailparser folds List-* headers into one structured `list` value).
    const header = (key: string) =>
      digest.parsed.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '') ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(header('list-unsubscribe').replace(/^<|>$/g, ''));
    expect(url.origin).toBe(TEST_ORIGIN);

    // The page a person opens changes nothing; a mail client's one-click POST (no cookie, no Origin) does.
    expect((await ctx.app.inject({ url: url.pathname + url.search })).statusCode).toBe(200);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${learner.id}.${'A'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.statusCode).toBe(400);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const settings = await get(ctx, '/api/v1/users/me/settings', learner);
    expect(settings.json()).toMatchObject({ courseReminders: false });

    // Next week nobody is reminded: one learner unsubscribed, the other turned reminders off.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 7 * 24 * 3600_000);
    sink.received.length = 0;
    await ctx.app.deps.jobs.enqueue(REMINDERS_QUEUE, {});
    await until(async () => (await ctx.app.deps.jobs.countByState(REMINDERS_QUEUE)).completed === 2);
    expect(await rows('reminder')).toHaveLength(1);
    expect(sink.received).toHaveLength(0);
  });
});
