import { adminCouponListSchema, adminCouponSchema, type CreateCouponBody } from '@kaushal/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { auditLog, coupons } from '../../db/schema.ts';

const COURSE = 'rag-from-scratch';
const WEEKLY = 'rag-from-scratch-weekly';

describe('coupons in the staff console', () => {
  const ctx = useTestApp();
  const call = (who: Learner | null, method: string, url: string, payload?: unknown) =>
    callAs(ctx, who, method, url, payload);
  const create = async (admin: Learner, body: CreateCouponBody) => {
    const res = await call(admin, 'POST', '/admin/coupons', body);
    expect(res.statusCode, res.body).toBe(200);
    return adminCouponSchema.parse(res.json());
  };
  const audits = () => ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  it('creates coupons upper-case, lists them newest first and audits each write with the admin', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const first = await create(admin, { code: 'summer20', kind: 'percent', value: 20, scope: 'all' });
    expect(first).toMatchObject({
      code: 'SUMMER20',
      label: '20% off',
      scope: 'all',
      courseIds: [],
      tierIds: [],
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      perLearnerLimit: 1,
      active: true,
      redemptions: 0,
    });
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1000);
    const startsAt = new Date(ctx.clock.now.getTime() + 3600_000).toISOString();
    const second = await create(admin, {
      code: 'RAG-500',
      kind: 'fixed',
      value: 150_000_00,
      scope: 'courses',
      courseIds: [COURSE, COURSE],
      // Not used by a course scope: not kept.
      tierIds: [WEEKLY],
      startsAt,
      maxRedemptions: 10,
      perLearnerLimit: null,
    });
    expect(second).toMatchObject({
      label: '₹1,50,000 off',
      courseIds: [COURSE],
      tierIds: [],
      startsAt,
      maxRedemptions: 10,
      perLearnerLimit: null,
    });

    const list = adminCouponListSchema.parse((await call(admin, 'GET', '/admin/coupons')).json());
    expect(list.coupons.map((c) => c.code)).toEqual(['RAG-500', 'SUMMER20']);

    const rows = await audits();
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.actorId, r.actorEmail])).toEqual([
      ['coupon.create', 'coupon', first.id, admin.id, admin.email.toLowerCase()],
      ['coupon.create', 'coupon', second.id, admin.id, admin.email.toLowerCase()],
    ]);
    expect(rows[1]?.before).toBeNull();
    expect(rows[1]?.after).toMatchObject({ code: 'RAG-500', kind: 'fixed', value: 150_000_00, courseIds: [COURSE] });
  });

  it('refuses a code that exists in any case, and unknown courses and tiers by name, writing nothing', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    await create(admin, { code: 'WELCOME', kind: 'percent', value: 10, scope: 'all' });
    const auditsBefore = (await audits()).length;

    const duplicate = await call(admin, 'POST', '/admin/coupons', {
      code: 'welcome',
      kind: 'fixed',
      value: 100,
      scope: 'all',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      code: 'coupon_code_taken',
      detail: 'A coupon with the code WELCOME already exists.',
    });

    const unknownCourses = await call(admin, 'POST', '/admin/coupons', {
      code: 'NOPE1',
      kind: 'percent',
      value: 10,
      scope: 'courses',
      courseIds: [COURSE, 'no-such-course', 'gone-too'],
    });
    expect(unknownCourses.statusCode).toBe(400);
    expect(unknownCourses.json()).toEqual({
      code: 'unknown_course',
      detail: 'No course has the id no-such-course, gone-too.',
    });
    const unknownTiers = await call(admin, 'POST', '/admin/coupons', {
      code: 'NOPE2',
      kind: 'percent',
      value: 10,
      scope: 'tiers',
      tierIds: [WEEKLY, 'no-such-tier'],
    });
    expect(unknownTiers.statusCode).toBe(400);
    expect(unknownTiers.json()).toEqual({
      code: 'unknown_pricing_tier',
      detail: 'No pricing option has the id no-such-tier.',
    });
    // The contract's own rules: a percentage over 100, a scope without its ids.
    for (const body of [
      { code: 'NOPE3', kind: 'percent', value: 101, scope: 'all' },
      { code: 'NOPE4', kind: 'fixed', value: 99, scope: 'all' },
      { code: 'NOPE5', kind: 'percent', value: 10, scope: 'courses' },
    ]) {
      expect((await call(admin, 'POST', '/admin/coupons', body)).statusCode).toBe(400);
    }

    expect((await ctx.database.db.select().from(coupons)).map((c) => c.code)).toEqual(['WELCOME']);
    expect((await audits()).length).toBe(auditsBefore);
  });

  it('updates the terms with an audit of what changed; the kind and value stay once redeemed', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const coupon = await create(admin, { code: 'FLEX', kind: 'percent', value: 15, scope: 'all' });
    const endsAt = new Date(ctx.clock.now.getTime() + 7 * 86_400_000);
    // The same instant in India's offset is the same end: no change is recorded for it later.
    const istEnd = new Date(endsAt.getTime() + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');

    const res = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, {
      scope: 'tiers',
      tierIds: [WEEKLY],
      endsAt: istEnd,
      maxRedemptions: 50,
      value: 25,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCouponSchema.parse(res.json())).toMatchObject({
      code: 'FLEX',
      value: 25,
      label: '25% off',
      scope: 'tiers',
      tierIds: [WEEKLY],
      endsAt: endsAt.toISOString(),
      maxRedemptions: 50,
    });
    const [, update] = await audits();
    expect(update).toMatchObject({
      action: 'coupon.update',
      entity: 'coupon',
      entityId: coupon.id,
      before: { value: 15, scope: 'all', tierIds: [], endsAt: null, maxRedemptions: null },
      after: { value: 25, scope: 'tiers', tierIds: [WEEKLY], endsAt: endsAt.toISOString(), maxRedemptions: 50 },
    });
    const again = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, { endsAt: istEnd, active: false });
    expect(again.statusCode).toBe(200);
    expect((await audits())[2]).toMatchObject({ before: { active: true }, after: { active: false } });

    // The whole coupon as it would be is checked: a percentage cannot become ₹0.25 off, nor end before it starts.
    const tooSmall = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, { kind: 'fixed' });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({ code: 'invalid_coupon', detail: 'A fixed discount is at least ₹1.' });
    const backwards = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, {
      startsAt: new Date(endsAt.getTime() + 1000).toISOString(),
    });
    expect(backwards.json()).toMatchObject({ code: 'invalid_coupon', detail: 'The end must be after the start.' });
    const unknownTier = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, { tierIds: ['nope-weekly'] });
    expect(unknownTier.json()).toMatchObject({ code: 'unknown_pricing_tier' });

    await ctx.database.db.update(coupons).set({ redemptions: 1 }).where(eq(coupons.id, coupon.id));
    const auditsBefore = (await audits()).length;
    for (const change of [{ value: 30 }, { kind: 'fixed', value: 500_00 }]) {
      const refused = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'coupon_redeemed' });
    }
    // The same kind and value are no change; the rest of the terms still may.
    const stillEditable = await call(admin, 'PATCH', `/admin/coupons/${coupon.id}`, { value: 25, active: true });
    expect(stillEditable.statusCode).toBe(200);
    expect((await audits()).length).toBe(auditsBefore + 1);
    const [row] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ kind: 'percent', value: 25, active: true, redemptions: 1 });

    const missing = await call(admin, 'PATCH', '/admin/coupons/00000000-0000-4000-8000-000000000000', {
      active: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'coupon_not_found', detail: 'We could not find that coupon.' });
  });

  it('is for admins only: support, instructors and learners are refused and nothing changes', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const coupon = await create(admin, { code: 'STAFFONLY', kind: 'percent', value: 10, scope: 'all' });
    const auditsBefore = (await audits()).length;
    const callers: Array<[string, Learner | null, number]> = [
      ['anonymous', null, 401],
      ['learner', await createStaff(ctx, 'Lee Learner'), 403],
      ['support', await createStaff(ctx, 'Sam Support', 'support'), 403],
      ['instructor', await createStaff(ctx, 'Ivy Instructor', 'instructor'), 403],
    ];
    for (const [name, who, status] of callers) {
      const answers = [
        await call(who, 'GET', '/admin/coupons'),
        await call(who, 'POST', '/admin/coupons', {
          code: `BY-${name.toUpperCase()}`,
          kind: 'percent',
          value: 5,
          scope: 'all',
        }),
        await call(who, 'PATCH', `/admin/coupons/${coupon.id}`, { active: false }),
      ];
      expect(
        answers.map((a) => a.statusCode),
        name,
      ).toEqual([status, status, status]);
      if (status === 403) expect(answers[0]?.json()).toMatchObject({ code: 'role_required' });
    }
    expect((await ctx.database.db.select().from(coupons)).map((c) => [c.code, c.active])).toEqual([
      ['STAFFONLY', true],
    ]);
    expect((await audits()).length).toBe(auditsBefore);
  });
});
