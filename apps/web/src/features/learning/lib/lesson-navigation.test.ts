import type { CourseDetail, LessonSummary, PricingTier } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { neighbours, offersUpgrade, upgradeTiers } from './lesson-navigation';

const lesson = (id: string, isFree: boolean): LessonSummary => ({
  id,
  title: id,
  description: '',
  isFree,
  duration: '1:00',
  durationSeconds: 60,
  hasVideo: true,
  resources: [],
  section: { id: 'course-s1', title: 'Lessons' },
});
const tier = (id: string): PricingTier => ({
  id,
  title: id,
  description: '',
  price: 100,
  originalPrice: 200,
  discountPercentage: 50,
  accessType: 'weekly',
});
const course = (isEnrolled: boolean): Pick<CourseDetail, 'lessons' | 'isEnrolled' | 'pricingTiers'> => ({
  isEnrolled,
  lessons: [lesson('a', true), lesson('b', true), lesson('c', false), lesson('d', false)],
  pricingTiers: [tier('t1'), tier('t2'), tier('t3')],
});

describe('neighbours', () => {
  it('enables Previous/Next only for free lessons when not enrolled', () => {
    const { previous, next } = neighbours(course(false), 'b');
    expect(previous).toMatchObject({ lesson: { id: 'a' }, enabled: true });
    expect(next).toMatchObject({ lesson: { id: 'c' }, enabled: false });
  });

  it('enables every neighbour for staff previewing the course, and offers them no upgrade', () => {
    const previewing = { ...course(false), staffPreview: true as const };
    expect(neighbours(previewing, 'b').next).toMatchObject({ lesson: { id: 'c' }, enabled: true });
    expect(offersUpgrade(previewing, 'b')).toBe(false);
    expect(offersUpgrade(course(false), 'b')).toBe(true);
  });

  it('enables every neighbour for an enrolled learner, and has none past the ends', () => {
    expect(neighbours(course(true), 'c').next).toMatchObject({ lesson: { id: 'd' }, enabled: true });
    expect(neighbours(course(true), 'a').previous).toBeNull();
    expect(neighbours(course(true), 'd').next).toBeNull();
    expect(neighbours(course(true), 'zzz')).toMatchObject({ previous: null, next: null });
  });
});

describe('offersUpgrade', () => {
  it('offers an upgrade after a free lesson when later lessons are paid and the learner is not enrolled', () => {
    expect(offersUpgrade(course(false), 'a')).toBe(true);
    expect(offersUpgrade(course(false), 'b')).toBe(true);
  });

  it('does not offer it to an enrolled learner, after a paid lesson, or when nothing later is paid', () => {
    expect(offersUpgrade(course(true), 'a')).toBe(false);
    expect(offersUpgrade(course(false), 'c')).toBe(false);
    const allFree = { ...course(false), lessons: [lesson('a', true), lesson('b', true)] };
    expect(offersUpgrade(allFree, 'a')).toBe(false);
  });

  it('shows at most the first 2 tiers', () => {
    expect(upgradeTiers(course(false).pricingTiers).map((t) => t.id)).toEqual(['t1', 't2']);
    expect(upgradeTiers([tier('only')]).map((t) => t.id)).toEqual(['only']);
  });
});
