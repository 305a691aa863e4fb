import type { CourseDetail, LessonSummary, PricingTier } from '@kaushal/contract';

/** Spec section 4: the weekly tier is selected by default, otherwise the first; null when there are none. */
export function defaultTierId(tiers: readonly PricingTier[]): string | null {
  return (tiers.find((t) => t.accessType === 'weekly') ?? tiers[0])?.id ?? null;
}

/** Spec section 4: tiers show when showPricing, isEnrolled or a completed free lesson holds. */
export function isPricingVisible(
  course: Pick<CourseDetail, 'showPricing' | 'isEnrolled' | 'hasCompletedFreeLesson'>,
): boolean {
  return course.showPricing || course.isEnrolled || course.hasCompletedFreeLesson;
}

export function firstFreeLesson(lessons: readonly LessonSummary[]): LessonSummary | undefined {
  return lessons.find((l) => l.isFree);
}

/** A lesson is playable if it is free or the learner is enrolled (spec section 4). */
export const isLessonUnlocked = (lesson: Pick<LessonSummary, 'isFree'>, isEnrolled: boolean) =>
  lesson.isFree || isEnrolled;

export type LessonGate = 'sign-in' | 'enroll' | 'no-video' | 'open';

/**
 * What a click on a lesson leads to, in the order of spec section 5: anonymous visitors sign in first (even
 * for free lessons), then a paid lesson needs enrollment, then a lesson without a video says so.
 */
export function lessonGate(
  lesson: Pick<LessonSummary, 'isFree' | 'hasVideo'>,
  access: { signedIn: boolean; isEnrolled: boolean },
): LessonGate {
  if (!access.signedIn) return 'sign-in';
  if (!isLessonUnlocked(lesson, access.isEnrolled)) return 'enroll';
  if (!lesson.hasVideo) return 'no-video';
  return 'open';
}

/** Spec section 3: 'permanent' shows 'Permanent Access', anything else 'Active Access'. */
export const accessLabel = (status: string) => (status === 'permanent' ? 'Permanent Access' : 'Active Access');

/** How long a tier's access lasts, in words. */
export const accessTypeLabel = (accessType: PricingTier['accessType']) =>
  accessType === 'permanent' ? 'Lifetime access' : '7 days of access';
