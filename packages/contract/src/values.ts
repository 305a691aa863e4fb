/**
 * Plain values shared by the schemas and the browser. This module imports no zod, so code that only needs a
 * value (the stored-theme check in the web app's entry) does not pull the schema library into the page.
 */
export const THEMES = ['dark', 'light', 'auto'] as const;
export const LANGUAGES = ['en', 'hi', 'es', 'fr', 'de'] as const;

export const COURSES_PAGE_SIZE = 9;

export const HOME_COURSES_PAGE_SIZE = 10;

export const MAX_PAGE_SIZE = 50;

export const FEATURED_PLACEHOLDERS = 6;

/** Upper bound on any position a client may report, in seconds (24 hours). */
export const MAX_POSITION_SECONDS = 86_400;

export const MAX_EVENTS_PER_BATCH = 100;

export const EVENT_FLUSH_INTERVAL_MS = 30_000;

export const EVENT_FLUSH_THRESHOLD = 10;

export const PROGRESS_SAVE_EVERY_SECONDS = 10;

/** Honest completion: a lesson counts as completed once this share of its seconds was actually watched. */
export const COMPLETION_WATCHED_RATIO = 0.9;

/** The fastest playback the server credits as watching (the player's top speed). */
export const MAX_CREDITED_PLAYBACK_RATE = 2;

/** Playback speeds the player offers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'General Support' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing & Payments' },
  { value: 'courses', label: 'Course Content' },
  { value: 'business', label: 'Business Inquiries' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const;

export const NAME_MAX_CHARACTERS = 80;

/** The most characters each contact form field takes: the form's limits and the API's (support.ts). */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, subject: 200, message: 5000 } as const;
