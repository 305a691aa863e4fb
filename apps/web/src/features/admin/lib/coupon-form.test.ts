import type { AdminCoupon } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { couponChanges, draftOfCoupon, newCouponDraft, parseCouponDraft, tierCourseCandidates } from './coupon-form';

const coupon: AdminCoupon = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  code: 'WEEKLY50',
  kind: 'fixed',
  value: 49_950,
  label: '₹499.50 off',
  scope: 'tiers',
  courseIds: [],
  tierIds: ['agents-in-production-weekly'],
  startsAt: '2026-12-01T03:30:45.000Z',
  endsAt: null,
  maxRedemptions: null,
  perLearnerLimit: 1,
  active: true,
  redemptions: 0,
  createdAt: '2026-11-01T09:00:00.000Z',
};

const parsed = (draft: ReturnType<typeof newCouponDraft>) => {
  const result = parseCouponDraft(draft);
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.values;
};

describe('the coupon form', () => {
  it('reads a fixed discount in rupees as paise and empty caps as none', () => {
    const values = parsed({
      ...newCouponDraft(),
      code: ' save-10 ',
      kind: 'fixed',
      value: '1,000.05',
      perLearnerLimit: '',
    });
    expect(values).toMatchObject({ code: 'SAVE-10', value: 100_005, maxRedemptions: null, perLearnerLimit: null });
  });

  it.each([
    [{ kind: 'percent', value: '0' }, 'value', 'A percentage is a whole number from 1 to 100.'],
    [{ kind: 'percent', value: '12.5' }, 'value', 'A percentage is a whole number from 1 to 100.'],
    [{ kind: 'fixed', value: '0.99' }, 'value', 'A fixed discount is at least ₹1.'],
    [{ maxRedemptions: '2.5' }, 'maxRedemptions', expect.stringMatching(/whole number from 1 to 10,00,000/)],
    [{ perLearnerLimit: '0' }, 'perLearnerLimit', expect.stringMatching(/whole number from 1 to 1,000/)],
    [{ scope: 'tiers' }, 'courseIds', 'Choose the courses whose pricing tiers the coupon is for.'],
    [{ scope: 'tiers', courseIds: ['a'] }, 'tierIds', 'Choose at least one pricing tier.'],
    [{ startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' }, 'endsAt', 'The end must be after the start.'],
  ] as const)('refuses %j on %s', (change, field, message) => {
    const result = parseCouponDraft({ ...newCouponDraft(), code: 'SAVE10', value: '10', ...change } as never);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fields[field]).toEqual(message);
  });

  it('sends only the ids its scope uses', () => {
    const base = { ...newCouponDraft(), code: 'SAVE10', value: '10', courseIds: ['a'], tierIds: ['a-weekly'] };
    expect(parsed({ ...base, scope: 'all' })).toMatchObject({ courseIds: [], tierIds: [] });
    expect(parsed({ ...base, scope: 'courses' })).toMatchObject({ courseIds: ['a'], tierIds: [] });
    expect(parsed({ ...base, scope: 'tiers' })).toMatchObject({ courseIds: [], tierIds: ['a-weekly'] });
  });

  it('changes nothing for an edit that changed nothing, though the form shows no seconds', () => {
    expect(couponChanges(coupon, parsed(draftOfCoupon(coupon)))).toEqual({});
  });

  it('sends a scope with its ids and a window with both ends', () => {
    const draft = {
      ...draftOfCoupon(coupon),
      scope: 'courses' as const,
      courseIds: ['rag'],
      endsAt: '2027-01-01T00:00',
    };
    expect(couponChanges(coupon, parsed(draft))).toEqual({
      scope: 'courses',
      courseIds: ['rag'],
      tierIds: [],
      startsAt: expect.any(String),
      endsAt: expect.any(String),
    });
  });

  it("guesses a tier coupon's courses from its tier ids", () => {
    expect(tierCourseCandidates(['agents-weekly', 'rag-lifetime'], ['agents', 'agent', 'rag', 'ml'])).toEqual([
      'agents',
      'rag',
    ]);
  });
});
