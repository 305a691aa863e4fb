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
/** A failed progress save is retried this soon, so the server's playback check still sees fresh reports. */
export const PROGRESS_RETRY_DELAY_MS = 2000;
/** A failed event flush is retried this soon (and on every later trigger). */
export const EVENT_RETRY_DELAY_MS = 5000;
/** Controls hide after this long without pointer or keyboard activity while playing. */
export const CONTROLS_IDLE_MS = 2500;
/** YouTube's embed answers our handshake within moments of loading; silence this long after its load is a failure. */
export const YOUTUBE_ANSWER_TIMEOUT_MS = 8000;
/** ...and an embed that has neither loaded nor answered after this long has failed too (a stalled network). */
export const YOUTUBE_LOAD_TIMEOUT_MS = 30_000;
