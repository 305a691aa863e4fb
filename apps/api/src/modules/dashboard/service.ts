import type { Achievement, Dashboard, DashboardEnrollment } from '@kaushal/contract';
import type { Db } from '../../db/client.ts';
import { evaluateAchievements } from './achievements.ts';
import { averagePercent, formatLearningTime, progressPercent } from './learning-time.ts';
import { type CourseProgressRow, loadCourseProgress, loadLearnerTotals } from './queries.ts';

const toEnrollment = (row: CourseProgressRow): DashboardEnrollment => ({
  id: row.courseId,
  title: row.title,
  // Each section quiz is one more thing to complete, as a lesson is.
  progress: progressPercent(row.completedLessons + row.passedQuizzes, row.totalLessons + row.totalQuizzes),
  timeSpent: formatLearningTime(row.watchedSeconds),
  nextLesson: row.nextLesson,
});

/**
 * The learner's dashboard from their own rows, in two queries (plus the session lookup) whatever the number
 * of courses: enrollments that give access now, the four metrics, and the achievements.
 */
export async function buildDashboard(db: Db, userId: string, now: Date): Promise<Dashboard> {
  return (await loadDashboard(db, userId, now)).dashboard;
}

/** The dashboard, and when time alone next changes it (the earliest weekly access still to end), for caches. */
export async function loadDashboard(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ dashboard: Dashboard; changesAt: Date | null }> {
  const [courseRows, totals] = await Promise.all([loadCourseProgress(db, userId, now), loadLearnerTotals(db, userId)]);
  let changesAt: Date | null = null;
  for (const row of courseRows) {
    if (row.expiresAt && row.expiresAt > now && (!changesAt || row.expiresAt < changesAt)) changesAt = row.expiresAt;
  }
  const all = courseRows.map(toEnrollment);
  const enrollments = all.filter((_, i) => courseRows[i]?.hasAccess);
  const achievements = evaluateAchievements({
    coursesEverEnrolled: courseRows.length,
    lessonsCompleted: totals.lessonsCompleted,
    watchedSeconds: totals.watchedSeconds,
    bestCourseProgress: Math.max(0, ...all.map((e) => e.progress)),
    certificatesEarned: totals.certificatesHeld,
  });
  const dashboard = {
    enrollments,
    metrics: {
      coursesEnrolled: enrollments.length,
      timeSpentLearning: formatLearningTime(totals.watchedSeconds),
      averageProgress: averagePercent(enrollments.map((e) => e.progress)),
      achievementsEarned: achievements.filter((a) => a.earned).length,
    },
    achievements,
  };
  return { dashboard, changesAt };
}

/** The enrollments alone (GET /users/me/enrollments): one query. */
export async function listEnrollments(db: Db, userId: string, now: Date): Promise<DashboardEnrollment[]> {
  return (await loadCourseProgress(db, userId, now)).filter((row) => row.hasAccess).map(toEnrollment);
}

export async function listAchievements(db: Db, userId: string, now: Date): Promise<Achievement[]> {
  return (await buildDashboard(db, userId, now)).achievements;
}
