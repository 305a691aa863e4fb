import {
  accessTypeSchema,
  authoredQuestionsSchema,
  difficultySchema,
  MAX_RESOURCE_BYTES,
  passPercentSchema,
  RESOURCE_EXTENSIONS,
  resourceExtensionOf,
  slugSchema,
} from '@kaushal/contract';
import { z } from 'zod';

/** The shape of one course file in content/courses/<id>.json. */
const mediaKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/, 'must be a relative media key without ..');

const videoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('direct'), key: mediaKeySchema }),
  z.object({
    type: z.literal('youtube'),
    url: z
      .url()
      .regex(/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}/, 'must be a YouTube embed URL'),
  }),
]);

/** Rupees with at most two decimals (whole paise): what the console lets staff type and export writes back. */
const rupees = z
  .number()
  .min(0, 'must not be negative')
  .max(10_000_000)
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'must be whole paise (at most 2 decimals)',
  );

/**
 * A file the lesson offers for download. `file` is its path under content/resources (served by the media store
 * as `resources/<file>`), and its last part the name the download is saved under. A file uploaded in the
 * console is written by the export with its media-store `key` (uploads/…, in DATA_DIR/media like uploaded
 * videos) and its `sizeBytes`; `file` is then only the download's name. The loader measures a content file's
 * size itself.
 */
export const resourceFileSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    file: z
      .string()
      .max(200)
      .regex(
        /^[A-Za-z0-9_(][A-Za-z0-9 ._()-]*(\/[A-Za-z0-9_(][A-Za-z0-9 ._()-]*)*$/,
        'must be a relative path of letters, digits, spaces and ._()- (no ..)',
      )
      .refine((file) => resourceExtensionOf(file) !== null, `must end in ${RESOURCE_EXTENSIONS.join(', ')}`),
    key: mediaKeySchema.optional(),
    sizeBytes: z.number().int().min(0).max(MAX_RESOURCE_BYTES).optional(),
  })
  .refine((resource) => !resource.key || resource.sizeBytes !== undefined, {
    message: 'a resource with a media key needs its sizeBytes',
    path: ['sizeBytes'],
  });
export type ResourceFile = z.infer<typeof resourceFileSchema>;

export const lessonFileSchema = z.object({
  id: slugSchema,
  /**
   * The section (chapter) the lesson belongs to, by title; a section's lessons are consecutive. Files without
   * sections are one section ("Lessons").
   */
  section: z.string().trim().min(1).max(120).optional(),
  title: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  isFree: z.boolean(),
  /** The video's real length; 0 only for a lesson without a video yet. */
  durationSeconds: z.number().int().min(0).max(86_400),
  video: videoSchema.nullable(),
  captions: z
    .array(z.object({ lang: z.string().min(2).max(10), label: z.string().min(1).max(50), key: mediaKeySchema }))
    .default([]),
  /** Notebooks, PDFs and datasets to download, in order (left out: none). */
  resources: z.array(resourceFileSchema).max(50).optional(),
});

/**
 * A section's quiz: `section` names it by title (left out in a file whose lessons name no section). The questions
 * carry their answers; learners only see them once an attempt is graded.
 */
export const quizFileSchema = z.object({
  id: slugSchema,
  section: z.string().trim().min(1).max(120).optional(),
  title: z.string().trim().min(1).max(200),
  passPercent: passPercentSchema,
  questions: authoredQuestionsSchema,
});
export type QuizFile = z.infer<typeof quizFileSchema>;

export const courseFileSchema = z
  .object({
    id: slugSchema,
    title: z.string().min(1).max(200),
    description: z.string().max(5000),
    difficulty: difficultySchema,
    price: rupees,
    thumbnail: z.string().max(200),
    instructor: z.string().max(200),
    /**
     * Set only on purpose: without it the course shows its lessons' total (content/duration.ts); the validator
     * warns when a set one is more than 10% away from that total.
     */
    duration: z.string().max(50).optional(),
    students: z.number().int().min(0),
    rating: z.number().min(0).max(5),
    featured: z.boolean().default(false),
    published: z.boolean().default(true),
    sortOrder: z.number().int().default(0),
    lessons: z.array(lessonFileSchema).min(1, 'a course needs at least one lesson'),
    pricingTiers: z
      .array(
        z.object({
          id: slugSchema,
          title: z.string().min(1).max(100),
          description: z.string().max(500).default(''),
          price: rupees.refine((value) => value > 0, 'a pricing tier must cost more than 0'),
          originalPrice: rupees,
          accessType: accessTypeSchema,
          /** No longer offered: hidden from learners, kept for the orders that bought it. */
          archived: z.boolean().optional(),
        }),
      )
      .default([]),
    reviews: z
      .array(
        z.object({
          id: slugSchema,
          author: z.string().min(1).max(100),
          rating: z.number().int().min(1).max(5),
          comment: z.string().min(1).max(2000),
          createdAt: z.iso.date(),
        }),
      )
      .default([]),
    /** At most one per section; learners' attempts stay with a quiz's id across imports. */
    quizzes: z.array(quizFileSchema).default([]),
  })
  .superRefine((course, ctx) => {
    const seen = new Set<string>();
    course.lessons.forEach((lesson, i) => {
      const title = lesson.section ?? DEFAULT_SECTION_TITLE;
      const previous = i > 0 ? (course.lessons[i - 1]?.section ?? DEFAULT_SECTION_TITLE) : undefined;
      if (title !== previous && seen.has(title)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lessons', i, 'section'],
          message: `the lessons of section '${title}' must be listed together`,
        });
      }
      seen.add(title);
    });
    if (course.price > 0 && course.pricingTiers.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['pricingTiers'],
        message: 'a paid course needs at least one pricing tier',
      });
    }
    if (course.price === 0 && course.pricingTiers.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['pricingTiers'], message: 'a free course has no pricing tiers' });
    }
    const quizSections = new Set<string>();
    course.quizzes.forEach((quiz, i) => {
      const title = quiz.section ?? DEFAULT_SECTION_TITLE;
      if (!seen.has(title)) {
        ctx.addIssue({
          code: 'custom',
          path: ['quizzes', i, 'section'],
          message: quiz.section ? `no lesson is in section '${title}'` : 'name the section the quiz belongs to',
        });
      }
      if (quizSections.has(title)) {
        ctx.addIssue({
          code: 'custom',
          path: ['quizzes', i, 'section'],
          message: `section '${title}' has two quizzes`,
        });
      }
      quizSections.add(title);
    });
    course.pricingTiers.forEach((tier, i) => {
      if (tier.originalPrice < tier.price) {
        ctx.addIssue({
          code: 'custom',
          path: ['pricingTiers', i, 'originalPrice'],
          message: 'originalPrice must not be below price',
        });
      }
    });
  });

export type CourseFile = z.infer<typeof courseFileSchema>;

/** The section of lessons that name none (every lesson of a file written before sections). */
export const DEFAULT_SECTION_TITLE = 'Lessons';

export interface SectionOfFile {
  /** `<course id>-s<n>`: sections carry no learner data, so an id by position is stable enough to re-import. */
  id: string;
  title: string;
  position: number;
  lessonIds: string[];
}

/** A course file's sections: consecutive lessons with the same section title, in order. */
export function sectionsOf(course: Pick<CourseFile, 'id' | 'lessons'>): SectionOfFile[] {
  const sections: SectionOfFile[] = [];
  for (const lesson of course.lessons) {
    const title = lesson.section ?? DEFAULT_SECTION_TITLE;
    const last = sections.at(-1);
    if (last && last.title === title) {
      last.lessonIds.push(lesson.id);
      continue;
    }
    sections.push({
      id: `${course.id}-s${sections.length + 1}`,
      title,
      position: sections.length,
      lessonIds: [lesson.id],
    });
  }
  return sections;
}
export type LessonFile = z.infer<typeof lessonFileSchema>;
