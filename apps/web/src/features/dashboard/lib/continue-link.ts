import type { DashboardEnrollment } from '@kaushal/contract';

/** Continue Learning opens the course at its next lesson (decision 006), or the course itself when all are done. */
export function continueLearningHref(enrollment: Pick<DashboardEnrollment, 'id' | 'nextLesson'>): string {
  const course = `/course/${encodeURIComponent(enrollment.id)}`;
  return enrollment.nextLesson ? `${course}?lesson=${encodeURIComponent(enrollment.nextLesson.id)}` : course;
}
