import { z } from 'zod';
import { accessTypeSchema, difficultySchema, noNul, slugSchema } from './common.ts';
import { lessonResourceSchema } from './resources.ts';

/** Staff roles beyond `learner` (everyone). A user may hold several. */
export const staffRoleSchema = z.enum(['instructor', 'support', 'admin']);
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const STAFF_ROLES = staffRoleSchema.options;

/** GET /admin/me: what the console may show this user. */
export const adminMeSchema = z.object({
  roles: z.array(staffRoleSchema),
  /** Course ids this user authors as an instructor. */
  instructorOf: z.array(z.string()),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const courseStatusSchema = z.enum(['draft', 'published', 'unpublished']);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);

/**
 * Text typed into the console (a search, a filter, a title or description) goes to the database, whose text
 * cannot hold a NUL byte: it is refused here with a clear 400 instead of failing the query with a 500.
 */
const search = noNul(z.string().trim().max(100, 'Search at most 100 characters.'));

export const adminCoursesQuerySchema = z.object({
  q: search.optional(),
  status: courseStatusSchema.optional(),
  sort: z.enum(['title', 'updated', 'students']).default('updated'),
  page,
  size,
});
export type AdminCoursesQuery = z.infer<typeof adminCoursesQuerySchema>;

export const adminCourseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: courseStatusSchema,
  difficulty: difficultySchema,
  pricePaise: z.number().int(),
  lessons: z.number().int(),
  students: z.number().int(),
  featured: z.boolean(),
  updatedAt: z.string(),
});
export type AdminCourseSummary = z.infer<typeof adminCourseSummarySchema>;

export const adminCourseListSchema = z.object({
  items: z.array(adminCourseSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminCourseList = z.infer<typeof adminCourseListSchema>;

export const adminTierSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pricePaise: z.number().int(),
  originalPricePaise: z.number().int(),
  accessType: accessTypeSchema,
  /** Paid orders that bought this tier (such a tier cannot be removed, only archived). */
  orders: z.number().int(),
  /** No longer offered to learners; kept for its orders. */
  archived: z.boolean(),
});
export type AdminTier = z.infer<typeof adminTierSchema>;

export const adminLessonSchema = z.object({
  id: z.string(),
  sectionId: z.string(),
  title: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  durationSeconds: z.number().int(),
  videoType: z.enum(['direct', 'youtube']).nullable(),
  /** The embed URL of a YouTube lesson. */
  youtubeUrl: z.string().nullable(),
  /** Caption tracks, one per language (uploaded as WebVTT). */
  captions: z.array(z.object({ lang: z.string(), label: z.string() })),
  /** The player's lesson id for staff preview (a draft's own row while the course has unpublished changes). */
  previewId: z.string(),
  /** Files the lesson offers for download, in order (the draft's while the course has unpublished changes). */
  resources: z.array(lessonResourceSchema),
});

export const adminSectionSchema = z.object({ id: z.string(), title: z.string(), lessonIds: z.array(z.string()) });

export const staffPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type StaffPerson = z.infer<typeof staffPersonSchema>;

export const adminCourseDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: difficultySchema,
  instructor: z.string(),
  /** Display text as learners see it; derived from the lessons unless set on purpose. */
  duration: z.string(),
  pricePaise: z.number().int(),
  featured: z.boolean(),
  /** The card picture's path (/thumbnails/…) as the catalogue serves it; '' when the course has none. */
  thumbnailUrl: z.string(),
  status: courseStatusSchema,
  /** The id is the course's URL: fixed once the course has been published. */
  idLocked: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: staffPersonSchema.nullable(),
  instructors: z.array(staffPersonSchema),
  /** The outline: sections in order, each with its lessons in order. */
  sections: z.array(adminSectionSchema),
  lessons: z.array(adminLessonSchema),
  tiers: z.array(adminTierSchema),
  students: z.number().int(),
  /**
   * Changes to a published course not yet live: learners see the course as last published until Publish.
   * `previewId` is the course id staff preview the draft at (/course/:previewId). Null when nothing is pending.
   */
  draft: z.object({ previewId: z.string(), updatedAt: z.string() }).nullable(),
});
export type AdminCourseDetail = z.infer<typeof adminCourseDetailSchema>;

/** Rupees with at most two decimals, as typed in a form, sent in paise. */
const paise = (field: string) =>
  z
    .number({ error: `${field} must be a number of paise.` })
    .int(`${field} must be whole paise.`)
    .min(0, `${field} cannot be negative.`)
    .max(10_000_000, `${field} must be at most ₹1,00,000.`);

const title = noNul(
  z
    .string({ error: 'Title is required.' })
    .trim()
    .min(3, 'Title must be at least 3 characters.')
    .max(120, 'Title must be at most 120 characters.'),
);

export const createCourseBodySchema = z.object({
  id: slugSchema,
  title,
  difficulty: difficultySchema,
  pricePaise: paise('Price'),
});
export type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

/** A save names the version it edited: a course changed since is refused (409) instead of overwritten. */
const version = z.number({ error: 'version is required.' }).int().min(1);

export const updateCourseBodySchema = z
  .object({
    version,
    title: title.optional(),
    description: noNul(z.string().trim().max(2000, 'Description must be at most 2,000 characters.')).optional(),
    difficulty: difficultySchema.optional(),
    instructor: noNul(z.string().trim().max(120, 'Instructor must be at most 120 characters.')).optional(),
    /** Empty: derived from the lessons. */
    duration: noNul(z.string().trim().max(40, 'Duration must be at most 40 characters.')).optional(),
    pricePaise: paise('Price').optional(),
    featured: z.boolean().optional(),
  })
  .strict();
export type UpdateCourseBody = z.infer<typeof updateCourseBodySchema>;

export const versionBodySchema = z.object({ version }).strict();
export type VersionBody = z.infer<typeof versionBodySchema>;

export const tierBodySchema = z
  .object({
    version,
    title: title,
    description: noNul(z.string().trim().max(500, 'Description must be at most 500 characters.')).default(''),
    pricePaise: paise('Price').refine((v) => v > 0, 'A paid tier needs a price above ₹0.'),
    originalPricePaise: paise('Original price'),
    accessType: accessTypeSchema,
  })
  .strict()
  .refine((t) => t.originalPricePaise >= t.pricePaise, {
    message: 'The original price cannot be below the price.',
    path: ['originalPricePaise'],
  });
export type TierBody = z.infer<typeof tierBodySchema>;

export const tierParamsSchema = z.object({ id: slugSchema, tierId: slugSchema });

export const courseInstructorsBodySchema = z.object({ version, userIds: z.array(z.uuid()).max(20) }).strict();

export const adminUsersQuerySchema = z.object({
  q: search.optional(),
  role: staffRoleSchema.optional(),
  page,
  size,
});

export const adminUserSchema = staffPersonSchema.extend({ roles: z.array(staffRoleSchema) });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({
  items: z.array(adminUserSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

export const userParamsSchema = z.object({ id: z.uuid('Not a user id.') });
export const userRolesBodySchema = z.object({ roles: z.array(staffRoleSchema).max(3) }).strict();

export const auditQuerySchema = z.object({
  entity: z.enum(['course', 'tier', 'lesson', 'user', 'coupon', 'order', 'ticket', 'analytics']).optional(),
  entityId: noNul(z.string().max(100)).optional(),
  actor: noNul(z.string().trim().max(254)).optional(),
  page,
  size,
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;

export const adminEmailsQuerySchema = z.object({
  status: z.enum(['queued', 'sent', 'failed']).optional(),
  to: noNul(z.string().trim().max(254)).optional(),
  page,
  size,
});
export const adminEmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;
export const adminEmailListSchema = z.object({
  items: z.array(adminEmailSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminEmailList = z.infer<typeof adminEmailListSchema>;

const sectionTitle = noNul(
  z
    .string({ error: 'A section needs a title.' })
    .trim()
    .min(1, 'A section needs a title.')
    .max(120, 'A section title must be at most 120 characters.'),
);

/**
 * The whole outline at once, as a drag-and-drop editor saves it: sections in order (an id keeps a section, no
 * id makes one, a section left out is removed), each with its lessons in order. Every lesson of the course must
 * appear exactly once.
 */
export const outlineBodySchema = z
  .object({
    version,
    sections: z
      .array(
        z.object({ id: slugSchema.optional(), title: sectionTitle, lessonIds: z.array(slugSchema).max(500) }).strict(),
      )
      .min(1, 'A course needs at least one section.')
      .max(50, 'A course can have at most 50 sections.'),
  })
  .strict();
export type OutlineBody = z.infer<typeof outlineBodySchema>;

/** A YouTube lesson: the embed URL (https://www.youtube.com/embed/<11-character id>), or null for no video. */
const youtubeUrl = z
  .string()
  .trim()
  .regex(
    /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}(\?[A-Za-z0-9_=&-]*)?$/,
    'Paste a YouTube embed link: https://www.youtube.com/embed/ followed by the 11-character video id.',
  )
  .nullable();

const lessonTitle = noNul(
  z
    .string({ error: 'Title is required.' })
    .trim()
    .min(3, 'Title must be at least 3 characters.')
    .max(200, 'Title must be at most 200 characters.'),
);
const lessonDescription = noNul(z.string().trim().max(2000, 'Description must be at most 2,000 characters.'));

export const createLessonBodySchema = z
  .object({
    version,
    sectionId: slugSchema,
    id: slugSchema,
    title: lessonTitle,
    description: lessonDescription.default(''),
    isFree: z.boolean().default(false),
    youtubeUrl: youtubeUrl.default(null),
  })
  .strict();
export type CreateLessonBody = z.infer<typeof createLessonBodySchema>;

export const updateLessonBodySchema = z
  .object({
    version,
    title: lessonTitle.optional(),
    description: lessonDescription.optional(),
    isFree: z.boolean().optional(),
    youtubeUrl: youtubeUrl.optional(),
  })
  .strict();
export type UpdateLessonBody = z.infer<typeof updateLessonBodySchema>;

export const lessonParamsSchema = z.object({ id: slugSchema, lessonId: slugSchema });

export const archiveTierBodySchema = z.object({ version, archived: z.boolean() }).strict();
export const versionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });
export const tierOrderBodySchema = z.object({ version, tierIds: z.array(slugSchema).min(1).max(20) }).strict();
