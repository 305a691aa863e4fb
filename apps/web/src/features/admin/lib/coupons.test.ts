import type { AdminCoupon } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { couponScopeLabel, couponShareLink, couponState } from './coupons';

const coupon: AdminCoupon = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  label: '10% off',
  scope: 'courses',
  courseIds: ['rag'],
  tierIds: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: 5,
  perLearnerLimit: 1,
  active: true,
  redemptions: 0,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const now = Date.parse('2026-12-01T00:00:00.000Z');

describe('coupons', () => {
  it.each([
    [{}, 'active'],
    [{ active: false }, 'inactive'],
    [{ startsAt: '2026-12-02T00:00:00.000Z' }, 'scheduled'],
    [{ endsAt: '2026-11-30T00:00:00.000Z' }, 'ended'],
    [{ redemptions: 5 }, 'used-up'],
  ] as const)('%j is %s', (change, state) => {
    expect(couponState({ ...coupon, ...change }, now)).toBe(state);
  });

  it('links to the one course a coupon is for, with the code', () => {
    expect(couponShareLink(coupon, 'https://kaushal.ai')).toBe('https://kaushal.ai/course/rag?coupon=SAVE10');
    expect(couponShareLink({ ...coupon, courseIds: ['rag', 'ml'] }, 'https://kaushal.ai')).toBeNull();
    expect(couponShareLink({ ...coupon, scope: 'all', courseIds: [] }, 'https://kaushal.ai')).toBeNull();
  });

  it('names the scope by course titles', () => {
    const title = (id: string) => ({ rag: 'RAG from Scratch', ml: 'ML Basics' })[id] ?? id;
    expect(couponScopeLabel(coupon, title)).toBe('RAG from Scratch');
    expect(couponScopeLabel({ ...coupon, courseIds: ['rag', 'ml'] }, title)).toBe(
      '2 courses: RAG from Scratch, ML Basics',
    );
    expect(couponScopeLabel({ ...coupon, scope: 'tiers', courseIds: [], tierIds: ['rag-weekly'] }, title)).toBe(
      '1 pricing tier: rag-weekly',
    );
  });
});
