import { describe, expect, it } from 'vitest';
import { evaluateAchievements, type LearnerRecord } from './achievements.ts';

const nothing: LearnerRecord = {
  coursesEverEnrolled: 0,
  lessonsCompleted: 0,
  watchedSeconds: 0,
  bestCourseProgress: 0,
  certificatesEarned: 0,
};
const earned = (record: Partial<LearnerRecord>, title: string) =>
  evaluateAchievements({ ...nothing, ...record }).find((a) => a.title === title)?.earned;

describe('achievement rules', () => {
  it('lists the four achievements, one per spec icon, none earned by a new learner', () => {
    expect(evaluateAchievements(nothing).map((a) => [a.title, a.icon, a.earned])).toEqual([
      ['First Steps', 'BookOpen', false],
      ['First Lesson', 'Award', false],
      ['Dedicated Learner', 'Clock', false],
      ['Halfway There', 'TrendingUp', false],
      ['Certified', 'Award', false],
    ]);
  });

  it('First Steps: enrolled in a course', () => {
    expect(earned({ coursesEverEnrolled: 1 }, 'First Steps')).toBe(true);
    expect(earned({ lessonsCompleted: 3, watchedSeconds: 9999 }, 'First Steps')).toBe(false);
  });

  it('First Lesson: completed a lesson (by the 90% rule)', () => {
    expect(earned({ lessonsCompleted: 1 }, 'First Lesson')).toBe(true);
    expect(earned({ coursesEverEnrolled: 2, watchedSeconds: 500 }, 'First Lesson')).toBe(false);
  });

  it('Dedicated Learner: one hour really watched', () => {
    expect(earned({ watchedSeconds: 3599 }, 'Dedicated Learner')).toBe(false);
    expect(earned({ watchedSeconds: 3600 }, 'Dedicated Learner')).toBe(true);
  });

  it('Halfway There: a course at 50% or more', () => {
    expect(earned({ bestCourseProgress: 49 }, 'Halfway There')).toBe(false);
    expect(earned({ bestCourseProgress: 50 }, 'Halfway There')).toBe(true);
    expect(earned({ bestCourseProgress: 100 }, 'Halfway There')).toBe(true);
  });

  it('Certified: holds a certificate (a revoked one is not counted by the dashboard)', () => {
    expect(earned({ certificatesEarned: 1 }, 'Certified')).toBe(true);
    expect(earned({ lessonsCompleted: 40, bestCourseProgress: 100 }, 'Certified')).toBe(false);
  });
});
