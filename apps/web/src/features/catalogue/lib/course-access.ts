import type { CourseDetail, LessonSummary, PricingTier } from '@kaushal/contract';
import { t } from '@/lib/i18n/i18n';

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

/** A lesson is playable if it is free or the learner is enrolled (spec section 4). */
export const isLessonUnlocked = (lesson: Pick<LessonSummary, 'isFree'>, isEnrolled: boolean) =>
  lesson.isFree || isEnrolled;

/** Spec section 3: 'permanent' shows 'Permanent Access', anything else 'Active Access'. */
export const accessLabel = (status: string) => (status === 'permanent' ? t('Permanent Access') : t('Active Access'));
