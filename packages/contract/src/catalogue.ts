import { z } from 'zod';
import {
  catalogueFiltersShape,
  courseHighlightSchema,
  PRICE_RANGE_MESSAGE,
  priceRangeInOrder,
} from './catalogue-search.ts';
import { accessTypeSchema, difficultySchema } from './common.ts';
import { lessonResourceSchema } from './resources.ts';
import { HOME_COURSES_PAGE_SIZE, MAX_PAGE_SIZE } from './values.ts';

export const pricingTierSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Rupees. */
  price: z.number(),
  /** Rupees, the price before discount. */
  originalPrice: z.number(),
  discountPercentage: z.number().int(),
  accessType: accessTypeSchema,
});
export type PricingTier = z.infer<typeof pricingTierSchema>;

export const lessonSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  /** Display text, e.g. '12:30'. */
  duration: z.string(),
  durationSeconds: z.number().int(),
  hasVideo: z.boolean(),
  /** The section (chapter) the lesson is in; a section's lessons are consecutive in the list. */
  section: z.object({ id: z.string(), title: z.string() }),
  /** Files the lesson offers for download; listed for every lesson, downloadable only where it opens. */
  resources: z.array(lessonResourceSchema),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const enrollmentStatusSchema = z.object({
  enrolled: z.boolean(),
  /** 'permanent' shows 'Permanent Access', anything else 'Active Access'. */
  status: z.string(),
  message: z.string(),
});
export type EnrollmentStatus = z.infer<typeof enrollmentStatusSchema>;

/** A course as listed in grids (home, catalogue, featured). */
export const courseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: difficultySchema,
  /** Rupees; 0 is a free course. */
  price: z.number(),
  thumbnailUrl: z.string(),
  instructor: z.string(),
  duration: z.string(),
  students: z.number().int(),
  rating: z.number(),
  lessonCount: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** The caller's progress in one lesson of a course page: only lessons they have opened are listed. */
export const lessonProgressSummarySchema = z.object({
  lessonId: z.string(),
  /** By the 90% rule (decision 002); never reverts. */
  completed: z.boolean(),
  /**
   * Seconds really watched as a whole percent of the lesson, rounded down: a lesson shown at 90% or more is
   * completed, and one not completed never shows 90%.
   */
  watchedPercent: z.number().int().min(0).max(100),
});
export type LessonProgressSummary = z.infer<typeof lessonProgressSummarySchema>;

/** A course page: the summary plus lessons, tiers and the caller's access and progress. */
export const courseDetailSchema = courseSummarySchema.extend({
  lessons: z.array(lessonSummarySchema),
  pricingTiers: z.array(pricingTierSchema),
  enrollmentStatus: enrollmentStatusSchema.nullable(),
  isEnrolled: z.boolean(),
  hasCompletedFreeLesson: z.boolean(),
  showPricing: z.boolean(),
  /**
   * True for staff who may preview this course (decision 021): every lesson opens for them, bought or not, so
   * they can check what learners will watch. Absent for everyone else.
   */
  staffPreview: z.literal(true).optional(),
  /** The signed-in caller's own progress, in lesson order; empty for a visitor and before any lesson is opened. */
  lessonProgress: z.array(lessonProgressSummarySchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** The catalogue's page, and its search, filters and sort (decision 028); all optional. */
export const coursesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(HOME_COURSES_PAGE_SIZE),
    ...catalogueFiltersShape,
  })
  .refine(priceRangeInOrder, { message: PRICE_RANGE_MESSAGE, path: ['maxPrice'] });
export type CoursesQuery = z.infer<typeof coursesQuerySchema>;

/** A course in the catalogue's list; a search result also says where it matched. */
export const courseListItemSchema = courseSummarySchema.extend({ highlight: courseHighlightSchema.optional() });
export type CourseListItem = z.infer<typeof courseListItemSchema>;

export const courseListSchema = z.object({
  items: z.array(courseListItemSchema),
  pages: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type CourseList = z.infer<typeof courseListSchema>;

export const featuredCoursesSchema = z.array(courseSummarySchema);

export const statsSchema = z.object({
  students: z.number().int(),
  courses: z.number().int(),
  rating: z.number(),
  success_rate: z.number(),
});
export type Stats = z.infer<typeof statsSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(5),
});
export const reviewListSchema = z.object({
  items: z.array(reviewSchema),
  pages: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok']),
  database: z.enum(['ok']),
});
