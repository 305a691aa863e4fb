import { z } from 'zod';

/**
 * The console's analytics (decision 026): sales and sign-ups per day, a course's funnel and a lesson's drop-off.
 * Days are India Standard Time calendar days; money is in paise and present only for admins.
 */

const analyticsDaySchema = z.iso.date('Enter a date as YYYY-MM-DD.');

/** The most days one analytics range may span (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** From one IST day to another, both included. */
export const analyticsRangeQuerySchema = z
  .object({ from: analyticsDaySchema, to: analyticsDaySchema })
  .superRefine((range, ctx) => {
    const ok = analyticsDaySchema.safeParse(range.from).success && analyticsDaySchema.safeParse(range.to).success;
    if (!ok) return;
    if (range.from > range.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date.' });
    } else if (dayCount(range.from, range.to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${ANALYTICS_MAX_DAYS} days at a time.` });
    }
  });
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuerySchema>;

const count = z.number().int().nonnegative();
/** Paise; admins only (absent for support and instructors). */
const money = z.number().int();

export const analyticsDaySummarySchema = z.object({
  day: z.string(),
  /** Sign-ups that day (absent for instructors: learners are not theirs). */
  newLearners: count.optional(),
  enrollmentsFree: count,
  enrollmentsPaid: count,
  /** Orders paid that day. */
  orders: count,
  /** Paid that day less refunds processed that day, in paise (admins only). */
  revenue: money.optional(),
  /** Refunds processed that day, in paise (admins only). */
  refunds: money.optional(),
});
export type AnalyticsDaySummary = z.infer<typeof analyticsDaySummarySchema>;

export const analyticsCourseSummarySchema = z.object({
  courseId: z.string(),
  title: z.string(),
  enrollmentsFree: count,
  enrollmentsPaid: count,
  orders: count,
  revenue: money.optional(),
  refunds: money.optional(),
});
export type AnalyticsCourseSummary = z.infer<typeof analyticsCourseSummarySchema>;

export const analyticsOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether money figures are included (admins). */
  money: z.boolean(),
  days: z.array(analyticsDaySummarySchema),
  courses: z.array(analyticsCourseSummarySchema),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const FUNNEL_STEPS = [
  'visitors',
  'signedIn',
  'freeLessonStarted',
  'enrolled',
  'paidLessonStarted',
  'completed',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visitors: 'Course page visitors',
  signedIn: 'Signed-in visitors',
  freeLessonStarted: 'Started a free lesson',
  enrolled: 'Enrolled or paid',
  paidLessonStarted: 'Started a paid lesson',
  completed: 'Completed the course',
};

export const analyticsLessonRowSchema = z.object({
  lessonId: z.string(),
  title: z.string(),
  position: z.number().int(),
  isFree: z.boolean(),
  /** Sessions that played the lesson, by the IST day of their first event. */
  viewers: count,
  /** Of them, those that reached the end (100%). */
  finished: count,
});

export const analyticsFunnelSchema = z.object({
  courseId: z.string(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), label: z.string(), count })),
  lessons: z.array(analyticsLessonRowSchema),
  /** When the video rollup last ran (null: never); plays after it are not counted yet. */
  rolledUpAt: z.string().nullable(),
});
export type AnalyticsFunnel = z.infer<typeof analyticsFunnelSchema>;

export const analyticsDropOffSchema = z.object({
  lessonId: z.string(),
  courseId: z.string(),
  title: z.string(),
  durationSeconds: z.number().int(),
  from: z.string(),
  to: z.string(),
  viewers: count,
  /** 21 points, 0%, 5% … 100%: viewers whose playback reached that point, and their share of all viewers. */
  reach: z.array(z.object({ percent: z.number().int(), viewers: count, share: z.number() })),
  /** 21 steps: viewers last seen between this point and the next (100%: finished the lesson). */
  lastSeen: z.array(z.object({ percent: z.number().int(), viewers: count })),
  /** The most rewatched seconds, all time (most first, at most 10). */
  rewatched: z.array(z.object({ second: z.number().int(), rewatches: count, views: count })),
  rolledUpAt: z.string().nullable(),
});
export type AnalyticsDropOff = z.infer<typeof analyticsDropOffSchema>;

/** What "Update now" did: the events it rolled up (at most a bounded number; the job does the rest). */
export const analyticsRefreshSchema = z.object({
  events: count,
  rolledUpAt: z.string().nullable(),
});
export type AnalyticsRefresh = z.infer<typeof analyticsRefreshSchema>;
