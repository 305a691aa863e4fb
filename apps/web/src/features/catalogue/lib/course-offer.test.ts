import type { CourseDetail, PricingTier } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { currentOffer, payLabel } from './course-offer';

const tier = (id: string, price: number, accessType: PricingTier['accessType']): PricingTier => ({
  id,
  title: id,
  description: '',
  price,
  originalPrice: price * 2,
  discountPercentage: 50,
  accessType,
});

type Course = Parameters<typeof currentOffer>[0];
const course = (overrides: Partial<Course> = {}): Course => ({
  price: 4999,
  pricingTiers: [tier('weekly', 999, 'weekly'), tier('mentor', 1799, 'weekly'), tier('lifetime', 4999, 'permanent')],
  isEnrolled: false,
  enrollmentStatus: null,
  showPricing: false,
  hasCompletedFreeLesson: false,
  ...overrides,
});
const status = (s: string, enrolled: boolean): CourseDetail['enrollmentStatus'] => ({
  enrolled,
  status: s,
  message: '',
});

describe('currentOffer', () => {
  it('sells the course for good at its own price while the tiers wait for the free lesson', () => {
    expect(currentOffer(course(), 'weekly')).toEqual({ tierId: null, price: 4999, accessType: 'permanent' });
  });

  it.each([
    ['showPricing', { showPricing: true }],
    ['a finished free lesson', { hasCompletedFreeLesson: true }],
  ])('sells the selected tier once the tiers show (%s)', (_, shown) => {
    expect(currentOffer(course(shown), 'weekly')).toEqual({ tierId: 'weekly', price: 999, accessType: 'weekly' });
    expect(currentOffer(course(shown), 'mentor')).toEqual({ tierId: 'mentor', price: 1799, accessType: 'weekly' });
    expect(currentOffer(course(shown), 'lifetime')).toEqual({
      tierId: 'lifetime',
      price: 4999,
      accessType: 'permanent',
    });
  });

  it('sells nothing on a free course or to a learner with lifetime access', () => {
    expect(currentOffer(course({ price: 0, pricingTiers: [] }), null)).toBeNull();
    expect(
      currentOffer(course({ isEnrolled: true, enrollmentStatus: status('permanent', true) }), 'weekly'),
    ).toBeNull();
  });

  it('sells a running week its extension', () => {
    const week = course({ isEnrolled: true, enrollmentStatus: status('weekly', true) });
    expect(currentOffer(week, 'weekly')).toMatchObject({ tierId: 'weekly', price: 999 });
  });
});

describe('payLabel', () => {
  const shown = course({ showPricing: true });
  const offer = (id: string | null) => {
    const o = currentOffer(id ? shown : course(), id);
    if (!o) throw new Error('no offer');
    return o;
  };

  it('says what the button charges and for how long', () => {
    expect(payLabel(offer('weekly'), shown)).toBe('Pay ₹999 · 7 days of access');
    expect(payLabel(offer('lifetime'), shown)).toBe('Pay ₹4,999 · Lifetime access');
    expect(payLabel(offer(null), course())).toBe('Pay ₹4,999 · Lifetime access');
  });

  it('extends or upgrades a running week, and renews an expired one', () => {
    const week = { isEnrolled: true, enrollmentStatus: status('weekly', true) };
    expect(payLabel(offer('weekly'), week)).toBe('Extend Access · ₹999 for 7 more days');
    expect(payLabel(offer('lifetime'), week)).toBe('Upgrade to Lifetime Access · ₹4,999');
    const expired = { isEnrolled: false, enrollmentStatus: status('expired', false) };
    expect(payLabel(offer('mentor'), expired)).toBe('Renew Access · ₹1,799 for 7 days');
    expect(payLabel(offer('lifetime'), expired)).toBe('Pay ₹4,999 · Lifetime access');
  });
});
