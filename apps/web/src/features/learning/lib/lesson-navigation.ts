import type { CourseDetail, LessonSummary, PricingTier } from '@kaushal/contract';
import { COMPLETION_POPUP_MAX_TIERS } from './constants';

type CourseForPlayer = Pick<CourseDetail, 'lessons' | 'isEnrolled' | 'pricingTiers' | 'staffPreview'>;

/** Every lesson of the course opens: the learner is enrolled, or staff preview it (decision 021). */
export const opensEveryLesson = (course: Pick<CourseDetail, 'isEnrolled' | 'staffPreview'>) =>
  course.isEnrolled || course.staffPreview === true;

/** A lesson is playable if it is free or every lesson opens (spec section 4). */
export const isPlayable = (lesson: Pick<LessonSummary, 'isFree'>, opensAll: boolean) => lesson.isFree || opensAll;

export interface Neighbour {
  lesson: LessonSummary;
  /** Previous/Next are enabled only when that lesson is free or the learner is enrolled. */
  enabled: boolean;
}

export function neighbours(course: CourseForPlayer, lessonId: string) {
  const index = course.lessons.findIndex((l) => l.id === lessonId);
  const at = (i: number): Neighbour | null => {
    const lesson = index < 0 ? undefined : course.lessons[i];
    return lesson ? { lesson, enabled: isPlayable(lesson, opensEveryLesson(course)) } : null;
  };
  return { previous: at(index - 1), next: at(index + 1), index };
}

/**
 * The completion popup's condition (spec section 4): a free lesson finished, the learner is not enrolled,
 * and a later lesson is paid.
 */
export function offersUpgrade(course: CourseForPlayer, lessonId: string): boolean {
  const index = course.lessons.findIndex((l) => l.id === lessonId);
  const lesson = course.lessons[index];
  if (!lesson?.isFree || opensEveryLesson(course)) return false;
  return course.lessons.slice(index + 1).some((l) => !l.isFree);
}

/** At most the first 2 pricing tiers. */
export const upgradeTiers = (tiers: readonly PricingTier[]) => tiers.slice(0, COMPLETION_POPUP_MAX_TIERS);
