import type { Dashboard } from '@kaushal/contract';

/**
 * Shown when the dashboard cannot be loaded (spec: two sample courses and four achievements), always with a
 * note saying it is sample data. Nothing here describes the learner.
 */
export const SAMPLE_DASHBOARD: Dashboard = {
  enrollments: [
    {
      id: 'sample-machine-learning',
      title: 'Introduction to Machine Learning',
      progress: 65,
      timeSpent: '12h 30m',
      nextLesson: { id: 'sample-lesson-neural-networks', title: 'Neural Networks Basics' },
    },
    {
      id: 'sample-deep-learning',
      title: 'Deep Learning Fundamentals',
      progress: 30,
      timeSpent: '5h 45m',
      nextLesson: { id: 'sample-lesson-cnn', title: 'Convolutional Neural Networks' },
    },
  ],
  metrics: { coursesEnrolled: 2, timeSpentLearning: '18h 15m', averageProgress: 48, achievementsEarned: 2 },
  achievements: [
    { title: 'First Steps', description: 'Enroll in your first course.', icon: 'BookOpen', earned: true },
    { title: 'First Lesson', description: 'Complete your first lesson.', icon: 'Award', earned: true },
    { title: 'Dedicated Learner', description: 'Spend one hour watching lessons.', icon: 'Clock', earned: false },
    { title: 'Halfway There', description: 'Reach 50% progress in a course.', icon: 'TrendingUp', earned: false },
  ],
};
