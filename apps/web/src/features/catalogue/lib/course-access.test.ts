import type { PricingTier } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { accessLabel, defaultTierId, isLessonUnlocked, isPricingVisible } from './course-access';

const tier = (id: string, accessType: PricingTier['accessType']): PricingTier => ({
  id,
  title: id,
  description: '',
  price: 100,
  originalPrice: 200,
  discountPercentage: 50,
  accessType,
});

describe('defaultTierId', () => {
  it('picks the weekly tier wherever it is', () => {
    expect(defaultTierId([tier('life', 'permanent'), tier('week', 'weekly')])).toBe('week');
  });
  it('falls back to the first tier, and to null without tiers', () => {
    expect(defaultTierId([tier('a', 'permanent'), tier('b', 'permanent')])).toBe('a');
    expect(defaultTierId([])).toBeNull();
  });
});

describe('isPricingVisible', () => {
  const none = { showPricing: false, isEnrolled: false, hasCompletedFreeLesson: false };
  it('hides tiers when no condition holds', () => {
    expect(isPricingVisible(none)).toBe(false);
  });
  it.each(['showPricing', 'isEnrolled', 'hasCompletedFreeLesson'] as const)('shows tiers when %s holds', (key) => {
    expect(isPricingVisible({ ...none, [key]: true })).toBe(true);
  });
});

describe('isLessonUnlocked and accessLabel', () => {
  it('unlocks free lessons, and every lesson once enrolled', () => {
    expect(isLessonUnlocked({ isFree: true }, false)).toBe(true);
    expect(isLessonUnlocked({ isFree: false }, false)).toBe(false);
    expect(isLessonUnlocked({ isFree: false }, true)).toBe(true);
  });
  it("labels 'permanent' as Permanent Access and anything else as Active Access", () => {
    expect(accessLabel('permanent')).toBe('Permanent Access');
    expect(accessLabel('weekly')).toBe('Active Access');
  });
});
