import { adminLearnerListSchema, adminLearnerSchema, LEARNERS_PAGE_SIZE, type StaffRole } from '@kaushal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner, enrollmentsOf, type Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import {
  auditLog,
  certificates,
  contactMessages,
  courses,
  emailMessages,
  enrollments,
  users,
} from '../../db/schema.ts';
import { buy, sandboxPayment, watchShare } from '../refunds/test-support.ts';

const PAID = 'rag-from-scratch';
const PAID_LIFETIME = 'rag-from-scratch-lifetime';
const FREE = 'python-for-ai';
const DAY = 24 * 3_600_000;

describe('learners in the console', () => {
  const ctx = useTestApp();
  const call = (who: Learner | null, method: string, url: string, payload?: unknown) =>
    callAs(ctx, who, method, url, payload);
  const staff = (name: string, ...roles: StaffRole[]) => createStaff(ctx, name, ...roles);
  const search = async (who: Learner, query: string) => {
    const res = await call(who, 'GET', `/admin/learners${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminLearnerListSchema.parse(res.json());
  };
  const page = async (who: Learner, id: string) => {
    const res = await call(who, 'GET', `/admin/learners/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminLearnerSchema.parse(res.json());
  };
  const grant = (who: Learner | null, id: string, body: Record<string, unknown>) =>
    call(who, 'POST', `/admin/learners/${id}/access`, body);
  const revoke = (who: Learner | null, id: string, courseId: string, body: Record<string, unknown>) =>
    call(who, 'POST', `/admin/learners/${id}/access/${courseId}/revoke`, body);
  const auditRows = async () => ctx.database.db.select().from(auditLog);
  const enrolledCount = async (courseId: string) =>
    (await ctx.database.db.select({ n: courses.enrolledCount }).from(courses).where(eq(courses.id, courseId)))[0]?.n;

  /** Users written straight in, each signing up a minute after the last (or all at `at`). */
  async function insertUsers(rows: Array<{ name: string; email: string }>, at?: Date) {
    const start = ctx.clock.now.getTime() - rows.length * 60_000;
    return ctx.database.db
      .insert(users)
      .values(rows.map((row, i) => ({ ...row, createdAt: at ?? new Date(start + i * 60_000) })))
      .returning({ id: users.id, email: users.email });
  }

  it('finds learners by part of their name or email in any case, newest first; an empty search lists the latest', async () => {
    const support = await staff('Sam Support', 'support');
    const [ravi, meera, kumari, percent] = await insertUsers([
      { name: 'Ravi Kumar', email: 'ravi.k@example.in' },
      { name: 'Meera Iyer', email: 'kumar.meera@example.in' },
      { name: 'Kumari Devi', email: 'devi@example.in' },
      { name: 'Hundred Percent', email: '100%sure@example.in' },
    ]);
    const names = (list: { items: Array<{ name: string }> }) => list.items.map((item) => item.name);

    // Name or email, any case, newest sign-up first.
    expect(names(await search(support, '?q=KUMAR'))).toEqual(['Kumari Devi', 'Meera Iyer', 'Ravi Kumar']);
    expect(names(await search(support, '?q=%20Kumar.MEERA%20'))).toEqual(['Meera Iyer']);
    // % and _ are letters here, not wildcards.
    expect(names(await search(support, `?q=${encodeURIComponent('0%s')}`))).toEqual(['Hundred Percent']);
    expect((await search(support, `?q=${encodeURIComponent('_')}`)).items).toEqual([]);
    expect((await search(support, '?q=nobody-at-all')).items).toEqual([]);

    const latest = await search(support, '');
    // The support agent signed up now, after the four written a few minutes back.
    expect(names(latest)).toEqual(['Sam Support', 'Hundred Percent', 'Kumari Devi', 'Meera Iyer', 'Ravi Kumar']);
    expect(latest.nextCursor).toBeNull();
    expect(latest.items[4]).toEqual({
      id: ravi?.id,
      name: 'Ravi Kumar',
      email: 'ravi.k@example.in',
      joinedAt: expect.any(String),
      lastSignInAt: null,
    });
    expect([meera, kumari, percent].every(Boolean)).toBe(true);
  });

  it('pages 25 at a time by a cursor, each learner once, also when many signed up in the same instant', async () => {
    const admin = await staff('Ada Admin', 'admin');
    // 30 in one microsecond (ordered by id among themselves), and 30 a minute apart.
    const same = new Date(ctx.clock.now.getTime() - DAY);
    const batch = (prefix: string) =>
      Array.from({ length: 30 }, (_, i) => ({
        name: `${prefix} ${i}`,
        email: `${prefix.toLowerCase()}${i}@example.in`,
      }));
    const together = await insertUsers(batch('Twin'), same);
    const apart = await insertUsers(batch('Solo'));
    // 30 a microsecond apart, all in one millisecond: a cursor kept to the millisecond would repeat or skip them.
    const micro = await ctx.database.db
      .insert(users)
      .values(
        batch('Micro').map((row, i) => ({
          ...row,
          createdAt: sql`timestamptz '2026-01-05 10:00:00.000100+00' + ${i} * interval '1 microsecond'`,
        })),
      )
      .returning({ id: users.id });

    for (const [q, expected] of [
      ['twin', together],
      ['solo', apart],
      ['micro', micro],
      ['example.in', [...together, ...apart, ...micro]],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const list = await search(admin, `?q=${q}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(list.items.length).toBeLessThanOrEqual(LEARNERS_PAGE_SIZE);
        seen.push(...list.items.map((item) => item.id));
        cursor = list.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen.length, q).toBe(expected.length);
      expect(new Set(seen)).toEqual(new Set(expected.map((u) => u.id)));
      expect(pages).toBe(Math.ceil(expected.length / LEARNERS_PAGE_SIZE));
    }
    // Newest first: the 30 apart come in reverse order of sign-up.
    const first = await search(admin, '?q=solo');
    expect(first.items.slice(0, 3).map((item) => item.name)).toEqual(['Solo 29', 'Solo 28', 'Solo 27']);
    const micros = await search(admin, '?q=micro');
    expect(micros.items.slice(0, 2).map((item) => item.name)).toEqual(['Micro 29', 'Micro 28']);
    const rest = await search(admin, `?q=micro&cursor=${micros.nextCursor}`);
    expect(rest.items.map((item) => item.name)).toEqual(['Micro 4', 'Micro 3', 'Micro 2', 'Micro 1', 'Micro 0']);
  });

  it("shows a learner's account, enrollments, progress, orders, certificates and messages", async () => {
    const support = await staff('Sam Support', 'support');
    const learner = await createLearner(ctx, 'Priya Sharma');
    await ctx.database.db.update(users).set({ lastLoginAt: ctx.clock.now }).where(eq(users.id, learner.id));
    const other = await createLearner(ctx, 'Someone Else');
    expect((await call(learner, 'POST', `/courses/${FREE}/enroll`)).statusCode).toBe(200);
    const order = await buy(ctx, learner, PAID, PAID_LIFETIME, sandboxPayment(ctx, learner));
    await watchShare(ctx, learner, PAID, 0.5);
    await ctx.database.db.insert(certificates).values([
      {
        id: 'CertificateOfPriya0001',
        userId: learner.id,
        courseId: FREE,
        learnerName: 'Priya Sharma',
        courseTitle: 'Python for AI Engineers',
        watchedSeconds: 600,
        quizScores: [],
      },
      {
        id: 'CertificateOfPriya0002',
        userId: learner.id,
        courseId: 'llm-evaluation',
        learnerName: 'Priya Sharma',
        courseTitle: 'LLM Evaluation',
        watchedSeconds: 600,
        quizScores: [],
        revokedAt: ctx.clock.now,
        revokedReason: 'refund',
      },
    ]);
    const message = (ticketId: string, values: { userId?: string; email: string }, minutesAgo: number) => ({
      ticketId,
      name: 'Priya',
      subject: `Subject ${ticketId}`,
      category: 'billing',
      message: 'Hello',
      createdAt: new Date(ctx.clock.now.getTime() - minutesAgo * 60_000),
      ...values,
    });
    await ctx.database.db.insert(contactMessages).values([
      message('TKT-SIGNED-IN', { userId: learner.id, email: 'another-address@example.in' }, 10),
      // Signed out, from the account's address as typed (in capitals).
      message('TKT-SIGNED-OUT', { email: learner.email.toUpperCase() }, 20),
      message('TKT-NOT-HERS', { userId: other.id, email: other.email }, 5),
    ]);

    const shown = await page(support, learner.id);
    expect(shown).toMatchObject({
      id: learner.id,
      name: 'Priya Sharma',
      email: learner.email,
      lastSignInAt: ctx.clock.now.toISOString(),
      roles: [],
    });
    expect(shown.enrollments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ courseId: FREE, accessType: 'permanent', source: 'free', active: true }),
        expect.objectContaining({
          courseId: PAID,
          courseTitle: 'RAG from Scratch',
          accessType: 'permanent',
          expiresAt: null,
          source: 'payment',
          active: true,
        }),
      ]),
    );
    expect(shown.enrollments).toHaveLength(2);
    const paidProgress = shown.progress.find((p) => p.courseId === PAID);
    expect(paidProgress).toMatchObject({ lessonsTotal: 9, lessonsCompleted: 0 });
    // Half of every video lesson watched: about half the course, rounded down, never rounded up to more.
    expect(paidProgress?.watchedPercent).toBeGreaterThanOrEqual(48);
    expect(paidProgress?.watchedPercent).toBeLessThanOrEqual(50);
    expect(paidProgress?.lastActivityAt).not.toBeNull();
    expect(shown.progress.find((p) => p.courseId === FREE)).toMatchObject({
      lessonsTotal: 6,
      lessonsCompleted: 0,
      watchedPercent: 0,
      lastActivityAt: null,
    });
    expect(shown.orders).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        status: 'paid',
        amount: order.amount,
        refundedAmount: 0,
        courseId: PAID,
        courseTitle: 'RAG from Scratch',
        paidAt: expect.any(String),
      }),
    ]);
    expect(shown.certificates.map((c) => [c.id, c.status])).toEqual(
      expect.arrayContaining([
        ['CertificateOfPriya0001', 'verified'],
        ['CertificateOfPriya0002', 'revoked'],
      ]),
    );
    expect(shown.messages).toEqual([
      {
        ticketId: 'TKT-SIGNED-IN',
        subject: 'Subject TKT-SIGNED-IN',
        category: 'billing',
        createdAt: expect.any(String),
      },
      {
        ticketId: 'TKT-SIGNED-OUT',
        subject: 'Subject TKT-SIGNED-OUT',
        category: 'billing',
        createdAt: expect.any(String),
      },
    ]);
    // A weekly enrollment that ran out is listed, inactive.
    await ctx.database.db.insert(enrollments).values({
      userId: other.id,
      courseId: PAID,
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() - DAY),
      source: 'payment',
    });
    expect((await page(support, other.id)).enrollments).toEqual([
      expect.objectContaining({ courseId: PAID, accessType: 'weekly', active: false }),
    ]);
  });

  it('grants lifetime access with a reason: a staff enrollment, an audit row and an email, all at once', async () => {
    const support = await staff('Sam Support', 'support');
    const learner = await createLearner(ctx, 'Priya Sharma');
    const before = await enrolledCount(PAID);

    const res = await grant(support, learner.id, {
      courseId: PAID,
      accessType: 'permanent',
      reason: 'Scholarship for the Bengaluru meetup',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminLearnerSchema.parse(res.json()).enrollments).toEqual([
      expect.objectContaining({
        courseId: PAID,
        accessType: 'permanent',
        expiresAt: null,
        source: 'staff',
        active: true,
      }),
    ]);
    expect(await enrollmentsOf(ctx.database, learner.id, PAID)).toEqual([
      expect.objectContaining({ accessType: 'permanent', source: 'staff' }),
    ]);
    expect(await enrolledCount(PAID)).toBe((before ?? 0) + 1);
    // The learner can play a paid lesson now.
    expect((await call(learner, 'GET', `/lessons/${PAID}-05`)).statusCode).toBe(200);

    expect(await auditRows()).toEqual([
      expect.objectContaining({
        actorId: support.id,
        actorEmail: support.email,
        action: 'access.grant',
        entity: 'user',
        entityId: learner.id,
        before: { course: PAID, accessType: null, expiresAt: null, source: null },
        after: {
          course: PAID,
          accessType: 'permanent',
          expiresAt: null,
          source: 'staff',
          reason: 'Scholarship for the Bengaluru meetup',
        },
      }),
    ]);
    const mails = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.userId, learner.id));
    expect(mails).toEqual([
      expect.objectContaining({
        kind: 'access_grant',
        toAddress: learner.email,
        subject: 'You have access to RAG from Scratch',
        status: 'queued',
      }),
    ]);
    expect(mails[0]?.text).toContain(`Open the course: http://localhost:3999/course/${PAID}`);
    expect(mails[0]?.text).toContain('Access: Lifetime access');
    // The reason is for colleagues: it stays in the log.
    expect(mails[0]?.text).not.toContain('Scholarship');

    // Lifetime again (or a week on top) would change nothing: refused, nothing written.
    for (const accessType of ['permanent', 'weekly']) {
      const again = await grant(support, learner.id, { courseId: PAID, accessType, reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'access_already_lifetime',
        detail: 'Priya Sharma already has lifetime access to RAG from Scratch.',
      });
    }
    expect(await auditRows()).toHaveLength(1);
  });

  it('grants a week from now, and a second week from the end of the first; the learner is emailed each', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const learner = await createLearner(ctx, 'Priya Sharma');
    const week = (n: number) => new Date(ctx.clock.now.getTime() + n * 7 * DAY).toISOString();
    const first = await grant(admin, learner.id, { courseId: PAID, accessType: 'weekly', reason: 'Trial week' });
    expect(first.statusCode, first.body).toBe(200);
    expect(adminLearnerSchema.parse(first.json()).enrollments[0]).toMatchObject({
      accessType: 'weekly',
      expiresAt: week(1),
      source: 'staff',
    });
    const second = await grant(admin, learner.id, { courseId: PAID, accessType: 'weekly', reason: 'One more' });
    expect(adminLearnerSchema.parse(second.json()).enrollments[0]).toMatchObject({ expiresAt: week(2) });
    const rows = await auditRows();
    expect(rows.map((row) => row.after)).toEqual([
      expect.objectContaining({ accessType: 'weekly', expiresAt: week(1), reason: 'Trial week' }),
      expect.objectContaining({ accessType: 'weekly', expiresAt: week(2), reason: 'One more' }),
    ]);
    expect(rows[1]?.before).toEqual({ course: PAID, accessType: 'weekly', expiresAt: week(1), source: 'staff' });
    const [mails] = await ctx.database.db
      .select({ n: count() })
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, learner.id), eq(emailMessages.kind, 'access_grant')));
    expect(mails?.n).toBe(2);
  });

  it('revokes an enrollment whatever gave it, with the reason in the audit log; a second revoke is a 404', async () => {
    const support = await staff('Sam Support', 'support');
    const learner = await createLearner(ctx, 'Priya Sharma');
    await buy(ctx, learner, PAID, PAID_LIFETIME, sandboxPayment(ctx, learner));
    const before = await enrolledCount(PAID);
    const mailsBefore = await ctx.database.db.select().from(emailMessages);

    const res = await revoke(support, learner.id, PAID, { reason: 'Chargeback filed with the bank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminLearnerSchema.parse(res.json()).enrollments).toEqual([]);
    expect(await enrollmentsOf(ctx.database, learner.id, PAID)).toEqual([]);
    expect(await enrolledCount(PAID)).toBe((before ?? 1) - 1);
    expect((await call(learner, 'GET', `/lessons/${PAID}-05`)).statusCode).toBe(403);
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        actorId: support.id,
        action: 'access.revoke',
        entity: 'user',
        entityId: learner.id,
        before: { course: PAID, accessType: 'permanent', expiresAt: null, source: 'payment' },
        after: {
          course: PAID,
          accessType: null,
          expiresAt: null,
          source: null,
          reason: 'Chargeback filed with the bank',
        },
      }),
    ]);
    // No email for a revocation (support tells the learner themselves, with the context).
    expect(await ctx.database.db.select().from(emailMessages)).toEqual(mailsBefore);

    const again = await revoke(support, learner.id, PAID, { reason: 'Again' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: 'enrollment_not_found',
      detail: 'Priya Sharma is not enrolled in this course.',
    });
    expect(await auditRows()).toHaveLength(1);
  });

  it('keeps a staff grant when the purchase of the same course is refunded in full (and only then)', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const granted = await createLearner(ctx, 'Granted Learner');
    const control = await createLearner(ctx, 'Control Learner');
    const orders = new Map<string, { orderId: string; amount: number }>();
    for (const learner of [granted, control]) {
      orders.set(learner.id, await buy(ctx, learner, PAID, PAID_LIFETIME, sandboxPayment(ctx, learner)));
    }
    // Lifetime bought, then granted: the enrollment no longer rests on the payment.
    const res = await grant(admin, granted.id, { courseId: PAID, accessType: 'permanent', reason: 'Goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminLearnerSchema.parse(res.json()).enrollments[0]).toMatchObject({ source: 'staff' });

    for (const learner of [granted, control]) {
      const order = orders.get(learner.id);
      const refunded = await call(admin, 'POST', `/admin/orders/${order?.orderId}/refunds`, {
        amount: order?.amount,
        reason: 'Refund in full',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ status: 'refunded' });
    }
    expect(await enrollmentsOf(ctx.database, granted.id, PAID)).toEqual([
      expect.objectContaining({ accessType: 'permanent', source: 'staff' }),
    ]);
    expect((await call(granted, 'GET', `/lessons/${PAID}-05`)).statusCode).toBe(200);
    // Without the grant, the refund ends the access, as it always did.
    expect(await enrollmentsOf(ctx.database, control.id, PAID)).toEqual([]);
  });

  it('keeps a staff week when a week bought on top of it is refunded', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const learner = await createLearner(ctx, 'Priya Sharma');
    expect((await grant(admin, learner.id, { courseId: PAID, accessType: 'weekly', reason: 'Trial' })).statusCode).toBe(
      200,
    );
    const order = await buy(ctx, learner, PAID, 'rag-from-scratch-weekly', sandboxPayment(ctx, learner));
    const refunded = await call(admin, 'POST', `/admin/orders/${order.orderId}/refunds`, {
      amount: order.amount,
      reason: 'Bought by mistake',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await enrollmentsOf(ctx.database, learner.id, PAID)).toEqual([
      expect.objectContaining({ accessType: 'weekly', source: 'staff' }),
    ]);
  });

  it('is for support and admins: instructors and learners get 403, the signed-out 401', async () => {
    const target = await createLearner(ctx, 'Target Learner');
    await ctx.database.db
      .insert(enrollments)
      .values({ userId: target.id, courseId: FREE, accessType: 'permanent', source: 'free' });
    const callers: Array<[Learner | null, number]> = [
      [null, 401],
      [await createLearner(ctx, 'Plain Learner'), 403],
      [await staff('Ivan Instructor', 'instructor'), 403],
      [await staff('Sam Support', 'support'), 200],
      [await staff('Ada Admin', 'admin'), 200],
    ];
    for (const [who, status] of callers) {
      const label = who?.name ?? 'anonymous';
      expect((await call(who, 'GET', '/admin/learners?q=target')).statusCode, label).toBe(status);
      expect((await call(who, 'GET', `/admin/learners/${target.id}`)).statusCode, label).toBe(status);
      const granted = await grant(who, target.id, {
        courseId: PAID,
        accessType: 'weekly',
        reason: 'A week to try',
      });
      expect(granted.statusCode, label).toBe(status);
      if (status === 403) expect(granted.json()).toMatchObject({ code: 'role_required' });
    }
    // Both allowed callers granted a week; nobody else wrote anything.
    expect((await auditRows()).map((row) => row.actorEmail).sort()).toEqual(
      callers
        .slice(3)
        .map(([who]) => who?.email)
        .sort(),
    );
    for (const [who, status] of callers.slice(0, 3)) {
      const res = await revoke(who, target.id, FREE, { reason: 'No' });
      expect(res.statusCode).toBe(status);
    }
    expect(await enrollmentsOf(ctx.database, target.id, FREE)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const learner = await createLearner(ctx, 'Priya Sharma');
    const nobody = '00000000-0000-4000-8000-000000000000';
    // A draft course (never published): nobody can open it yet.
    const created = await call(admin, 'POST', '/admin/courses', {
      id: 'draft-course',
      title: 'Draft Course',
      difficulty: 'Beginner',
      pricePaise: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const auditBefore = (await auditRows()).length;
    const valid = { courseId: PAID, accessType: 'permanent', reason: 'Scholarship' };

    const cases: Array<[string, () => ReturnType<typeof call>, number, string?]> = [
      ['an unknown learner', () => call(admin, 'GET', `/admin/learners/${nobody}`), 404, 'learner_not_found'],
      ['not a learner id', () => call(admin, 'GET', '/admin/learners/ravi'), 400],
      ['NUL in the search', () => call(admin, 'GET', '/admin/learners?q=ab%00c'), 400],
      ['a search past 100 characters', () => call(admin, 'GET', `/admin/learners?q=${'a'.repeat(101)}`), 400],
      ['a made-up cursor', () => call(admin, 'GET', '/admin/learners?cursor=page-2'), 400],
      ['a grant to an unknown learner', () => grant(admin, nobody, valid), 404, 'learner_not_found'],
      [
        'a grant of an unknown course',
        () => grant(admin, learner.id, { ...valid, courseId: 'no-such-course' }),
        404,
        'course_not_found',
      ],
      [
        'a grant of an unpublished course',
        () => grant(admin, learner.id, { ...valid, courseId: 'draft-course' }),
        409,
        'course_not_published',
      ],
      ['a grant without a reason', () => grant(admin, learner.id, { ...valid, reason: undefined }), 400],
      ['a grant with a blank reason', () => grant(admin, learner.id, { ...valid, reason: '   ' }), 400],
      ['a grant with NUL in the reason', () => grant(admin, learner.id, { ...valid, reason: 'a\u0000b' }), 400],
      ['a grant of another access type', () => grant(admin, learner.id, { ...valid, accessType: 'monthly' }), 400],
      ['a grant with an unknown field', () => grant(admin, learner.id, { ...valid, source: 'payment' }), 400],
      [
        'a revoke of an enrollment there is not',
        () => revoke(admin, learner.id, PAID, { reason: 'No' }),
        404,
        'enrollment_not_found',
      ],
      ['a revoke without a reason', () => revoke(admin, learner.id, PAID, {}), 400],
      ['a revoke of a course id that cannot be', () => revoke(admin, learner.id, 'NOT_A_SLUG', { reason: 'x' }), 400],
    ];
    for (const [label, send, status, code] of cases) {
      const res = await send();
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      const body = res.json() as { code: string; detail?: string };
      expect(body.detail, label).toEqual(expect.any(String));
      if (code) expect(body.code, label).toBe(code);
    }
    const missing = await grant(admin, learner.id, { ...valid, reason: undefined });
    expect(missing.json().detail).toContain('Give a reason for the audit log.');
    expect((await auditRows()).length).toBe(auditBefore);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
    expect(await ctx.database.db.select().from(emailMessages)).toEqual([]);
  });
});
