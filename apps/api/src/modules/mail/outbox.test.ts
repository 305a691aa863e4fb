import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { createLearner, post } from '../../../test/payments.ts';
import { emailMessages } from '../../db/schema.ts';
import type { Mailer, OutgoingMail } from '../../providers/mail/mailer.ts';
import { invoiceAttachment } from '../invoices/index.ts';
import { emailDeliveryHandler } from './delivery.ts';
import { CONTACT_ACK_LIMIT } from './notifications.ts';
import { EMAIL_DELIVERY_QUEUE } from './outbox.ts';
import { welcomeMail } from './templates/welcome.ts';

/** The outbox without a worker (JOBS_WORKER=false in tests): what is queued, with what, and when not. */
describe('the email outbox', () => {
  const ctx = useTestApp();
  const rows = () => ctx.database.db.select().from(emailMessages);
  const recordingMailer = (): Mailer & { sent: OutgoingMail[] } => {
    const sent: OutgoingMail[] = [];
    return { kind: 'smtp', sent, deliver: async (mail) => void sent.push(mail), close: () => {} };
  };
  const deliverAll = async (mailer: Mailer) => {
    const handler = emailDeliveryHandler({
      db: ctx.database.db,
      mailer,
      clock: () => ctx.clock.now,
      log: ctx.app.log,
      messageIdHost: 'localhost',
      resolveAttachment: invoiceAttachment(ctx.database.db, ctx.app.deps.pdfThread),
    });
    // The jobs the queue holds, run as the worker would run them.
    const { rows: jobs } = await ctx.database.runSql(`select id, data from jobs.job where name = $1`, [
      EMAIL_DELIVERY_QUEUE,
    ]);
    for (const job of jobs) {
      await handler({ id: String(job.id), data: job.data as { emailId: string }, retryCount: 0, retryLimit: 9 });
    }
    return jobs.length;
  };

  it('writes nothing when the fact’s transaction rolls back', async () => {
    const { outbox } = ctx.app.deps;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await outbox.queue(tx, {
          kind: 'welcome',
          userId: null,
          to: { name: 'A', address: 'a@example.com' },
          mail: welcomeMail(outbox.context, { learnerName: 'A', courseId: 'x', courseTitle: 'X', firstLesson: null }),
          now: ctx.clock.now,
        });
        throw new Error('the payment failed after all');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await rows()).toHaveLength(0);
    expect(await ctx.app.deps.jobs.countByState(EMAIL_DELIVERY_QUEUE)).toEqual({});
  });

  it('queues one message and one job per fact, and delivers a queued message once', async () => {
    const learner = await createLearner(ctx);
    await post(ctx, '/api/v1/courses/python-for-ai/enroll', learner);
    await post(ctx, '/api/v1/courses/python-for-ai/enroll', learner);
    expect((await rows()).map((r) => r.kind)).toEqual(['welcome']);
    expect(await ctx.app.deps.jobs.countByState(EMAIL_DELIVERY_QUEUE)).toEqual({ created: 1 });
    const mailer = recordingMailer();
    await deliverAll(mailer);
    await deliverAll(mailer); // the job again (a retry after a cut-off try): already sent, skipped
    expect(mailer.sent.map((m) => m.to.address)).toEqual([learner.email]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp' });
  });

  it('sends no welcome to a learner who turned email notifications off', async () => {
    const learner = await createLearner(ctx);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/settings',
      headers: { origin: TEST_ORIGIN, cookie: learner.cookie },
      payload: { emailNotifications: false },
    });
    expect((await post(ctx, '/api/v1/courses/python-for-ai/enroll', learner)).statusCode).toBe(200);
    expect(await rows()).toHaveLength(0);
  });

  const chooseLanguage = async (learner: { cookie: string }, language: string) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/settings',
      headers: { origin: TEST_ORIGIN, cookie: learner.cookie },
      payload: { language },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('writes a learner’s mail in their settings’ language when queued, and a retry sends those same words', async () => {
    const english = await createLearner(ctx, 'Ravi English');
    const hindi = await createLearner(ctx, 'Asha Hindi');
    await chooseLanguage(hindi, 'hi');
    for (const learner of [english, hindi]) await post(ctx, '/api/v1/courses/python-for-ai/enroll', learner);
    const queued = await rows();
    const forEnglish = queued.find((r) => r.toAddress === english.email);
    const forHindi = queued.find((r) => r.toAddress === hindi.email);
    expect(forEnglish).toMatchObject({ language: 'en', subject: 'Welcome to Python for AI Engineers' });
    expect(forEnglish?.text).toContain('Hi Ravi English, you are enrolled in Python for AI Engineers.');
    expect(forHindi).toMatchObject({ language: 'hi', subject: 'Python for AI Engineers में आपका स्वागत है' });
    expect(forHindi?.text).toContain('नमस्ते Asha Hindi, Python for AI Engineers में आपका दाख़िला हो गया है।');
    expect(forHindi?.html).toContain('<html lang="hi">');

    // The learner switches to French before the mail goes out: the stored Hindi message is what is sent.
    await chooseLanguage(hindi, 'fr');
    const mailer = recordingMailer();
    await deliverAll(mailer);
    const sent = mailer.sent.find((m) => m.to.address === hindi.email);
    expect(sent?.subject).toBe(forHindi?.subject);
    expect(sent?.text).toBe(forHindi?.text);
    // Mail queued after the change is in French.
    await post(ctx, '/api/v1/courses/prompt-engineering/enroll', hindi);
    const later = (await rows()).filter((r) => r.toAddress === hindi.email && r.language === 'fr');
    expect(later.map((r) => r.subject)).toEqual(['Bienvenue dans Prompt Engineering for Developers']);
  });

  it('answers a signed-in learner’s contact message in their language, and tells the support inbox in English', async () => {
    const learner = await createLearner(ctx, 'Claire');
    await chooseLanguage(learner, 'fr');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      headers: { origin: TEST_ORIGIN, cookie: learner.cookie },
      payload: { name: 'Claire', email: learner.email, subject: 'Vidéo', category: 'billing', message: 'Bonjour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const all = await rows();
    const ack = all.find((r) => r.kind === 'contact_ack');
    const staff = all.find((r) => r.kind === 'contact_staff');
    expect(ack).toMatchObject({
      language: 'fr',
      subject: expect.stringMatching(/^Nous avons bien reçu votre message \[/),
    });
    expect(ack?.text).toContain('Sujet : Facturation et paiements');
    expect(staff).toMatchObject({ language: 'en', subject: expect.stringMatching(/\] Billing & Payments: Vidéo$/) });
  });

  it('removes a deleted account’s queued mail, so its jobs send nothing', async () => {
    const learner = await createLearner(ctx);
    await post(ctx, '/api/v1/courses/python-for-ai/enroll', learner);
    // Written signed out from the same address: the acknowledgement is theirs too.
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Asha', email: learner.email, subject: 'Hi', category: 'general', message: 'Hello there' },
    });
    expect(contact.statusCode).toBe(200);
    expect(await rows()).toHaveLength(3); // welcome, acknowledgement, staff copy
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { origin: TEST_ORIGIN, cookie: learner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    const left = await rows();
    expect(left.map((r) => r.kind)).toEqual(['contact_staff']);
    const mailer = recordingMailer();
    expect(await deliverAll(mailer)).toBe(3);
    expect(mailer.sent.map((m) => m.to.address)).toEqual(['support@kaushal.ai']);
  });

  it('acknowledges at most a few contact messages per address per hour (the form cannot flood an inbox)', async () => {
    for (let i = 0; i < CONTACT_ACK_LIMIT.max + 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/contact/submit',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'V', email: 'victim@example.com', subject: `Spam ${i}`, category: 'other', message: 'x' },
      });
      expect(res.statusCode).toBe(200);
    }
    const all = await rows();
    expect(all.filter((r) => r.kind === 'contact_ack')).toHaveLength(CONTACT_ACK_LIMIT.max);
    // Staff still see every message.
    expect(all.filter((r) => r.kind === 'contact_staff')).toHaveLength(CONTACT_ACK_LIMIT.max + 2);
  });

  it('shows queued mail in the development mailbox: list, message, HTML part framed without scripts', async () => {
    const learner = await createLearner(ctx, 'Mailbox Reader');
    await post(ctx, '/api/v1/courses/python-for-ai/enroll', learner);
    const list = await ctx.app.inject({ url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Welcome to Python for AI Engineers');
    const [row] = await rows();
    const view = await ctx.app.inject({ url: `/dev/mailbox/${row?.id}` });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`Mailbox Reader &lt;${learner.email}&gt;`);
    expect(view.body).toContain('<iframe title="HTML version of the email"');
    expect(view.body).toContain('Start with the first lesson');
    const html = await ctx.app.inject({ url: `/dev/mailbox/${row?.id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(html.body).toContain('<base target="_top">');
    expect((await ctx.app.inject({ url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/dev/mailbox/not-an-id' })).statusCode).toBe(400);
    await ctx.database.db.delete(emailMessages).where(eq(emailMessages.id, row?.id ?? ''));
  });
});

describe('the development mailbox with SMTP configured', () => {
  const ctx = useTestApp({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });

  it('does not exist: mail goes to the SMTP server', async () => {
    expect(ctx.app.deps.mailer.kind).toBe('smtp');
    expect((await ctx.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
