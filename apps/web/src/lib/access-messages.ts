import type { AccessType } from '@kaushal/contract';
import type { ToastMessage } from '@/components/ui/toast-store';
import { msg, t } from '@/lib/i18n/i18n';

type Message = Omit<ToastMessage, 'id'>;

/**
 * The spec's titled messages around course access (sections 5 and 8), verbatim, in one place: the course page,
 * the enroll and pay buttons and the player all say the same words.
 */
export const ACCESS_MESSAGES = {
  signInForLesson: { title: msg('Sign in required'), description: msg('Please sign in to access this lesson.') },
  signInToEnroll: { title: msg('Sign in required'), description: msg('Please sign in to enroll in this course.') },
  enrollmentRequired: {
    title: msg('Enrollment required'),
    description: msg('Please enroll in the course to access this lesson.'),
  },
  noVideo: { title: msg('No video available'), description: msg("This lesson doesn't have a video yet.") },
  noFreeLesson: {
    title: msg('No free lesson available'),
    description: msg("This course doesn't have a free preview lesson."),
  },
  lessonLoadFailed: {
    title: msg('Error'),
    description: msg('Failed to load lesson. Please try again.'),
    variant: 'destructive',
  },
} satisfies Record<string, Message>;

/** Spec section 9: shown on the course page and in the player. */
export const MONEY_BACK_GUARANTEE = msg('12-hour money-back guarantee');

/** How long a pricing tier's access lasts, in words (the side panel's tiers and the completion popup). */
export const accessTypeLabel = (accessType: AccessType) =>
  accessType === 'permanent' ? t('Lifetime access') : t('7 days of access');
