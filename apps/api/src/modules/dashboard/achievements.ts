import type { Achievement } from '@kaushal/contract';

/** What the achievement rules look at; all of it comes from the learner's own rows. */
export interface LearnerRecord {
  /** Courses the learner ever enrolled in (an expired week still counts: the enrollment happened). */
  coursesEverEnrolled: number;
  /** Lessons completed by the 90% rule (decision 002), in any course, free previews included. */
  lessonsCompleted: number;
  /** Seconds really watched (watched_seconds), in any course. */
  watchedSeconds: number;
  /** The best progress percent among the learner's enrolled courses (0 without any). */
  bestCourseProgress: number;
  /** Certificates the learner holds (a revoked one does not count). */
  certificatesEarned: number;
}

interface AchievementRule {
  title: string;
  description: string;
  icon: Achievement['icon'];
  earned: (record: LearnerRecord) => boolean;
}

export const ONE_HOUR_SECONDS = 3600;
export const HALFWAY_PERCENT = 50;

/**
 * The fixed achievement rules (docs/decisions/006-dashboard-figures-achievements-and-account.md), one per icon the
 * spec names, in the order the dashboard lists them. Achievements are computed from the learner's data on
 * every read, never stored, so they cannot drift from what the learner did.
 */
export const ACHIEVEMENT_RULES: readonly AchievementRule[] = [
  {
    title: 'First Steps',
    description: 'Enroll in your first course.',
    icon: 'BookOpen',
    earned: (r) => r.coursesEverEnrolled >= 1,
  },
  {
    title: 'First Lesson',
    description: 'Complete your first lesson.',
    icon: 'Award',
    earned: (r) => r.lessonsCompleted >= 1,
  },
  {
    title: 'Dedicated Learner',
    description: 'Spend one hour watching lessons.',
    icon: 'Clock',
    earned: (r) => r.watchedSeconds >= ONE_HOUR_SECONDS,
  },
  {
    title: 'Halfway There',
    description: `Reach ${HALFWAY_PERCENT}% progress in a course.`,
    icon: 'TrendingUp',
    earned: (r) => r.bestCourseProgress >= HALFWAY_PERCENT,
  },
  {
    title: 'Certified',
    description: 'Earn your first certificate: watch every lesson of a course and pass its quizzes.',
    // The spec's icons are Award, Clock, TrendingUp and BookOpen: a certificate is an award.
    icon: 'Award',
    earned: (r) => r.certificatesEarned >= 1,
  },
];

export function evaluateAchievements(record: LearnerRecord): Achievement[] {
  return ACHIEVEMENT_RULES.map(({ title, description, icon, earned }) => ({
    title,
    description,
    icon,
    earned: earned(record),
  }));
}
