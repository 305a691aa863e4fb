import type { CourseDetail, QuizSummary } from '@kaushal/contract';
import { t } from '@/lib/i18n/i18n';

type CourseAccess = Pick<CourseDetail, 'isEnrolled' | 'staffPreview' | 'lessons' | 'enrollmentStatus'>;

/**
 * Whether the learner may take a course's quizzes, by the API's rule (quizzes/quiz-access.ts): signed in and
 * enrolled with access that lasts, or any signed-in learner when every lesson is free, or staff previewing. The
 * quiz's standing is null exactly when nobody is signed in. Otherwise, a sentence saying what would open it.
 */
export function quizAccess(
  course: CourseAccess,
  quiz: Pick<QuizSummary, 'standing'>,
): {
  canTake: boolean;
  lockedReason?: string;
} {
  const allFree = course.lessons.every((lesson) => lesson.isFree);
  if (quiz.standing === null) {
    return {
      canTake: false,
      lockedReason: allFree ? t('Sign in to take this quiz.') : t('Sign in and enroll to take this quiz.'),
    };
  }
  if (course.isEnrolled || course.staffPreview || allFree) return { canTake: true };
  if (course.enrollmentStatus?.status === 'expired') {
    return { canTake: false, lockedReason: t('Renew your access to take this quiz.') };
  }
  return { canTake: false, lockedReason: t('Enroll in the course to take this quiz.') };
}
