import type { LessonSummary } from '@kaushal/contract';
import { isPlayable } from './lesson-navigation';

export type LessonGate = 'sign-in' | 'enroll' | 'no-video' | 'open';

/**
 * What a click on a lesson leads to, in the order of spec section 5: a visitor signs in first (even for a
 * free lesson), then a paid lesson needs enrollment, then a lesson without a video says so.
 */
export function lessonGate(
  lesson: Pick<LessonSummary, 'isFree' | 'hasVideo'>,
  access: { signedIn: boolean; isEnrolled: boolean },
): LessonGate {
  if (!access.signedIn) return 'sign-in';
  if (!isPlayable(lesson, access.isEnrolled)) return 'enroll';
  if (!lesson.hasVideo) return 'no-video';
  return 'open';
}
