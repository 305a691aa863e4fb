import type { PricingTier } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { accessLabel, defaultTierId, firstFreeLesson, isPricingVisible, lessonGate } from './course-access';

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

describe('lessonGate', () => {
  const free = { isFree: true, hasVideo: true };
  const paid = { isFree: false, hasVideo: true };
  it('sends anonymous visitors to sign in, even for a free lesson', () => {
    expect(lessonGate(free, { signedIn: false, isEnrolled: false })).toBe('sign-in');
    expect(lessonGate(paid, { signedIn: false, isEnrolled: true })).toBe('sign-in');
  });
  it('asks a signed-in learner to enroll for a paid lesson', () => {
    expect(lessonGate(paid, { signedIn: true, isEnrolled: false })).toBe('enroll');
  });
  it('opens free lessons, and every lesson once enrolled', () => {
    expect(lessonGate(free, { signedIn: true, isEnrolled: false })).toBe('open');
    expect(lessonGate(paid, { signedIn: true, isEnrolled: true })).toBe('open');
  });
  it('says when an unlocked lesson has no video', () => {
    expect(lessonGate({ isFree: true, hasVideo: false }, { signedIn: true, isEnrolled: false })).toBe('no-video');
  });
});

describe('firstFreeLesson and accessLabel', () => {
  it('finds the first free lesson or nothing', () => {
    const lessons = [
      { id: 'a', title: 'A', description: '', isFree: false, duration: '1:00', durationSeconds: 60, hasVideo: true },
      { id: 'b', title: 'B', description: '', isFree: true, duration: '1:00', durationSeconds: 60, hasVideo: true },
    ];
    expect(firstFreeLesson(lessons)?.id).toBe('b');
    expect(firstFreeLesson(lessons.slice(0, 1))).toBeUndefined();
  });
  it("labels 'permanent' as Permanent Access and anything else as Active Access", () => {
    expect(accessLabel('permanent')).toBe('Permanent Access');
    expect(accessLabel('weekly')).toBe('Active Access');
  });
});
