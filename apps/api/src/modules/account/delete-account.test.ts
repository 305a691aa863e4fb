import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  contactMessages,
  courses,
  enrollments,
  freeLessonCompletions,
  learnerVersions,
  lessonNotes,
  lessonProgress,
  oauthAccounts,
  paymentOrders,
  sessions,
  users,
  videoEvents,
  videoSessions,
} from '../../db/schema.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { recordProgress } from '../dashboard/test-support.ts';
import { asLearner, createLearner, type Learner } from '../learning/test-support.ts';

describe('DELETE /users/me', () => {
  const ctx = useTestApp();
  const remove = (learner: Learner | null, origin = ctx.app.deps.config.publicUrl) =>
    ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { origin, ...(learner ? { cookie: learner.cookie } : {}) },
    });
  const enrolledCount = async (courseId: string) =>
    (await ctx.database.db.select({ n: courses.enrolledCount }).from(courses).where(eq(courses.id, courseId)))[0]?.n;

  /** A learner with something in every table that holds a learner's data. */
  async function busyLearner(tag: string) {
    const learner = await createLearner(ctx);
    const { db } = ctx.database;
    const as = asLearner(ctx, learner);
    expect((await as.post('/api/v1/courses/python-for-ai/enroll', undefined)).statusCode).toBe(200);
    const signed = await as.get('/api/v1/lessons/python-for-ai-01/signed-url');
    expect(signed.statusCode).toBe(200);
    const { sessionId } = signed.json() as { sessionId: string };
    const events = await as.post('/api/v1/lessons/python-for-ai-01/events', [
      { sessionId, eventType: 'play', positionSec: 0 },
      { sessionId, eventType: 'pause', positionSec: 12 },
    ]);
    expect(events.statusCode).toBe(200);
    const note = await as.post('/api/v1/lessons/python-for-ai-01/notes', { kind: 'note', atSeconds: 12, body: 'Mine' });
    expect(note.statusCode).toBe(201);
    await recordProgress(db, learner.id, [
      { lessonId: 'python-for-ai-02', courseId: 'python-for-ai', watchedSeconds: 64, completed: true, at: new Date() },
    ]);
    await db.insert(freeLessonCompletions).values({ userId: learner.id, courseId: 'rag-from-scratch' });
    await db.insert(oauthAccounts).values({ provider: 'github', providerAccountId: `gh-${tag}`, userId: learner.id });
    await db.insert(paymentOrders).values({
      id: `order_${tag}`,
      userId: learner.id,
      courseId: 'rag-from-scratch',
      accessType: 'permanent',
      amountPaise: 499_900,
      status: 'paid',
      providerPaymentId: `pay_${tag}`,
    });
    await db.insert(contactMessages).values({
      ticketId: `TKT-${tag}`,
      name: 'Test Learner',
      email: 'learner@example.com',
      subject: 'Question',
      category: 'general',
      message: 'Hello',
      userId: learner.id,
    });
    return learner;
  }

  async function rowsOf(userId: string) {
    const { db } = ctx.database;
    const sessionIds = (
      await db.select({ id: videoSessions.id }).from(videoSessions).where(eq(videoSessions.userId, userId))
    ).map((s) => s.id);
    return {
      users: (await db.select().from(users).where(eq(users.id, userId))).length,
      sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
      oauthAccounts: (await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId))).length,
      enrollments: (await db.select().from(enrollments).where(eq(enrollments.userId, userId))).length,
      progress: (await db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId))).length,
      freeLessons: (await db.select().from(freeLessonCompletions).where(eq(freeLessonCompletions.userId, userId)))
        .length,
      videoSessions: sessionIds.length,
      videoEvents: (await db.select().from(videoEvents)).filter((e) => sessionIds.includes(e.sessionId)).length,
      notes: (await db.select().from(lessonNotes).where(eq(lessonNotes.userId, userId))).length,
      dashboardVersions: (await db.select().from(learnerVersions).where(eq(learnerVersions.userId, userId))).length,
    };
  }

  it('deletes the learner and their personal data, keeps payment orders detached, and signs out', async () => {
    const learner = await busyLearner('a');
    const bystander = await busyLearner('b');
    const before = await rowsOf(learner.id);
    expect(before).toEqual({
      users: 1,
      sessions: 1,
      oauthAccounts: 1,
      enrollments: 1,
      progress: 2,
      freeLessons: 1,
      videoSessions: 1,
      videoEvents: 2,
      notes: 1,
      dashboardVersions: 1,
    });
    const countBefore = await enrolledCount('python-for-ai');

    const res = await remove(learner);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(cleared).toMatchObject({ httpOnly: true, path: '/' });

    expect(await rowsOf(learner.id)).toEqual({
      users: 0,
      sessions: 0,
      oauthAccounts: 0,
      enrollments: 0,
      progress: 0,
      freeLessons: 0,
      videoSessions: 0,
      videoEvents: 0,
      notes: 0,
      dashboardVersions: 0,
    });
    const { db } = ctx.database;
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, 'order_a'));
    expect(order).toMatchObject({ userId: null, amountPaise: 499_900, status: 'paid', providerPaymentId: 'pay_a' });
    // Contact messages hold only personal data (name, email, phone, free text): they go with the account.
    expect(await db.select().from(contactMessages).where(eq(contactMessages.ticketId, 'TKT-a'))).toEqual([]);
    // The course's student count follows its enrollments.
    expect(await enrolledCount('python-for-ai')).toBe((countBefore ?? 0) - 1);

    // The old session is gone: the same cookie is now signed out everywhere.
    const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie: learner.cookie } });
    expect(me.statusCode).toBe(401);
    expect((await asLearner(ctx, learner).get('/api/v1/dashboard')).statusCode).toBe(401);
    expect((await remove(learner)).statusCode).toBe(401);

    // Nobody else's data moved.
    expect(await rowsOf(bystander.id)).toEqual(before);
    const [theirOrder] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, 'order_b'));
    expect(theirOrder?.userId).toBe(bystander.id);
    const [theirMessage] = await db.select().from(contactMessages).where(eq(contactMessages.ticketId, 'TKT-b'));
    expect(theirMessage?.userId).toBe(bystander.id);
  });

  it('deletes the messages the learner sent through the contact form, signed in or not, and no one else’s', async () => {
    const learner = await createLearner(ctx);
    const { db } = ctx.database;
    const [user] = await db.select().from(users).where(eq(users.id, learner.id));
    const email = user?.email ?? '';
    const message = (ticketId: string, from: string, userId: string | null) => ({
      ticketId,
      name: 'Kiran Rao',
      email: from,
      phone: '+91 98765 43210',
      subject: 'My order',
      category: 'technical',
      message: 'I paid with card ending 4242 and live at 12 MG Road.',
      userId,
    });
    await db.insert(contactMessages).values([
      message('TKT-signed-in', email, learner.id),
      // Sent signed out, from the same (provider-verified) address, in other letter case.
      message('TKT-signed-out', email.toUpperCase(), null),
      message('TKT-someone-else', 'someone.else@example.com', null),
    ]);

    expect((await remove(learner)).statusCode).toBe(204);
    const left = await db.select({ ticketId: contactMessages.ticketId }).from(contactMessages);
    expect(left.map((m) => m.ticketId)).toEqual(['TKT-someone-else']);
  });

  it('needs sign-in and our own origin', async () => {
    expect((await remove(null)).statusCode).toBe(401);
    const learner = await createLearner(ctx);
    const foreign = await remove(learner, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect((await rowsOf(learner.id)).users).toBe(1);
  });
});
