/** Spec section 9 and 5: the player's numbers. */
export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;
/** Progress milestones at every 25%. */
export const MILESTONE_PERCENTS = [25, 50, 75, 100] as const;
/** Course data reloads this long after a free lesson ends. */
export const FREE_LESSON_REFRESH_DELAY_MS = 1500;
export const COMPLETION_TOAST_MS = 5000;
/** The completion popup shows at most the first 2 pricing tiers. */
export const COMPLETION_POPUP_MAX_TIERS = 2;
export const MONEY_BACK_GUARANTEE = '12-hour money-back guarantee';
/** A failed progress save is retried this soon, so the server's playback check still sees fresh reports. */
export const PROGRESS_RETRY_DELAY_MS = 2000;
/** A failed event flush is retried this soon (and on every later trigger). */
export const EVENT_RETRY_DELAY_MS = 5000;
/** Controls hide after this long without pointer or keyboard activity while playing. */
export const CONTROLS_IDLE_MS = 2500;

/** The spec's titled messages around opening a lesson (sections 5 and 8). */
export const LESSON_MESSAGES = {
  signIn: { title: 'Sign in required', description: 'Please sign in to access this lesson.' },
  enroll: { title: 'Enrollment required', description: 'Please enroll in the course to access this lesson.' },
  noVideo: { title: 'No video available', description: "This lesson doesn't have a video yet." },
  noFreeLesson: { title: 'No free lesson available', description: "This course doesn't have a free preview lesson." },
  loadFailed: { title: 'Error', description: 'Failed to load lesson. Please try again.' },
} as const;
