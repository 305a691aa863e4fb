/**
 * The spec's titled messages around course access (sections 5 and 8), in one place so the course page, the
 * enrollment flow and the player say the same words.
 */
export const ACCESS_MESSAGES = {
  signInForLesson: { title: 'Sign in required', description: 'Please sign in to access this lesson.' },
  signInToEnroll: { title: 'Sign in required', description: 'Please sign in to enroll in this course.' },
  enrollmentRequired: {
    title: 'Enrollment required',
    description: 'Please enroll in the course to access this lesson.',
  },
  noVideo: { title: 'No video available', description: "This lesson doesn't have a video yet." },
  noFreeLesson: { title: 'No free lesson available', description: "This course doesn't have a free preview lesson." },
} as const;

/** Spec section 9: shown on the course page and in the player. */
export const MONEY_BACK_GUARANTEE = '12-hour money-back guarantee';
