import type { CourseDetail, LessonProgressSummary, LessonSummary } from '@kaushal/contract';
import { t } from '@/lib/i18n/i18n';

/** The learner's progress by lesson id (from the course answer; empty for a visitor). */
export const progressByLesson = (progress: readonly LessonProgressSummary[]) =>
  new Map(progress.map((p) => [p.lessonId, p]));

/**
 * Where an enrolled learner goes next (issue 15): 'start' the first lesson before any is opened; 'continue' at
 * the first lesson not completed, as the dashboard's next lesson (decision 006); 'again' from the first lesson
 * when all are completed. Null for a course without lessons.
 */
export type NextStep = { kind: 'start' | 'continue' | 'again'; lesson: LessonSummary; number: number };

export function nextStep(course: Pick<CourseDetail, 'lessons' | 'lessonProgress'>): NextStep | null {
  const [first] = course.lessons;
  if (!first) return null;
  if (course.lessonProgress.length === 0) return { kind: 'start', lesson: first, number: 1 };
  const done = new Set(course.lessonProgress.filter((p) => p.completed).map((p) => p.lessonId));
  const index = course.lessons.findIndex((l) => !done.has(l.id));
  const lesson = course.lessons[index];
  return lesson ? { kind: 'continue', lesson, number: index + 1 } : { kind: 'again', lesson: first, number: 1 };
}

export function nextStepLabel(step: NextStep): string {
  if (step.kind === 'start') return t('Start course');
  if (step.kind === 'again') return t('Watch again: Lesson {number}', { number: step.number });
  return t('Continue: Lesson {number}', { number: step.number });
}
