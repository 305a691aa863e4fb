/**
 * Watched time as the dashboard shows it: '3h 20m', '45m', '< 1m', '0m'. Whole minutes, rounded down, so the
 * figure never claims time the learner has not spent; a few seconds read '< 1m' rather than '0m', so a
 * learner who has watched something does not see nothing (issue 15). '0m' means nothing watched at all.
 */
export function formatLearningTime(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (seconds > 0 && seconds < 60) return '< 1m';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}

/**
 * A course's progress: what the learner completed (lessons, and quizzes passed) out of all of it, as a whole
 * percent (0 for nothing to complete).
 */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((completed / total) * 100)));
}

/** The rounded mean of the courses' progress; 0 when there are none. */
export function averagePercent(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
}
