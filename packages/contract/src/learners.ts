import { z } from 'zod';
import { staffRoleSchema } from './admin.ts';
import { orderStatusSchema } from './commerce.ts';
import { accessTypeSchema, noNul, slugSchema } from './common.ts';
import { contactCategorySchema } from './support.ts';

/** Support's view of learners in the console (issue 20): find one, see their account, grant or revoke access. */

/** How many learners one page of the search holds. */
export const LEARNERS_PAGE_SIZE = 25;

/**
 * Where the next page starts: the last row's sign-up time in microseconds since 1970 and its id, as the API
 * handed it out (`nextCursor`). Microseconds, since PostgreSQL keeps them and a millisecond cursor could skip or
 * repeat a learner who signed up in the same millisecond as another.
 */
const cursorSchema = z
  .string()
  .regex(/^\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a page of this list.');

export const adminLearnersQuerySchema = z.object({
  /** Part of a name or email, any case; empty: every learner. */
  q: noNul(z.string().trim().max(100, 'Search at most 100 characters.')).default(''),
  cursor: cursorSchema.optional(),
});
export type AdminLearnersQuery = z.input<typeof adminLearnersQuerySchema>;

export const adminLearnerSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminLearnerSummary = z.infer<typeof adminLearnerSummarySchema>;

/** Newest sign-ups first; `nextCursor` is null on the last page. */
export const adminLearnerListSchema = z.object({
  items: z.array(adminLearnerSummarySchema),
  nextCursor: z.string().nullable(),
});
export type AdminLearnerList = z.infer<typeof adminLearnerListSchema>;

export const learnerParamsSchema = z.object({ id: z.uuid('Not a learner id.') });
export const learnerCourseParamsSchema = z.object({ id: z.uuid('Not a learner id.'), courseId: slugSchema });

/** How an enrollment came about: a free course, a payment, or a grant by staff (which no refund takes back). */
export const enrollmentSourceSchema = z.enum(['free', 'payment', 'staff']);
export type EnrollmentSource = z.infer<typeof enrollmentSourceSchema>;

export const adminLearnerEnrollmentSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  accessType: accessTypeSchema,
  /** Null for lifetime access. */
  expiresAt: z.string().nullable(),
  source: enrollmentSourceSchema,
  /** False once a week of access has run out. */
  active: z.boolean(),
  enrolledAt: z.string(),
});
export type AdminLearnerEnrollment = z.infer<typeof adminLearnerEnrollmentSchema>;

/** A course the learner enrolled in or watched part of (a free preview counts). */
export const adminLearnerProgressSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  lessonsCompleted: z.number().int(),
  lessonsTotal: z.number().int(),
  /** Honest completion: distinct seconds watched over the course's video length (the refund policy's measure). */
  watchedPercent: z.number().int().min(0).max(100),
  lastActivityAt: z.string().nullable(),
});
export type AdminLearnerProgress = z.infer<typeof adminLearnerProgressSchema>;

export const adminLearnerOrderSchema = z.object({
  orderId: z.string(),
  status: orderStatusSchema,
  /** Paise. */
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  courseId: z.string(),
  courseTitle: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminLearnerOrder = z.infer<typeof adminLearnerOrderSchema>;

export const adminLearnerCertificateSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  status: z.enum(['verified', 'revoked']),
});
export type AdminLearnerCertificate = z.infer<typeof adminLearnerCertificateSchema>;

/** A message through the contact form, sent signed in or from the account's email address. */
export const adminLearnerMessageSchema = z.object({
  ticketId: z.string(),
  subject: z.string(),
  category: contactCategorySchema,
  createdAt: z.string(),
});
export type AdminLearnerMessage = z.infer<typeof adminLearnerMessageSchema>;

export const adminLearnerSchema = adminLearnerSummarySchema.extend({
  /** Staff roles the account holds (none for most learners). */
  roles: z.array(staffRoleSchema),
  enrollments: z.array(adminLearnerEnrollmentSchema),
  progress: z.array(adminLearnerProgressSchema),
  orders: z.array(adminLearnerOrderSchema),
  certificates: z.array(adminLearnerCertificateSchema),
  messages: z.array(adminLearnerMessageSchema),
});
export type AdminLearner = z.infer<typeof adminLearnerSchema>;

export const ACCESS_REASON_LIMIT = 1000;
const reason = noNul(
  z
    .string({ error: 'Give a reason for the audit log.' })
    .trim()
    .min(1, 'Give a reason for the audit log.')
    .max(ACCESS_REASON_LIMIT, `Keep the reason to ${ACCESS_REASON_LIMIT} characters.`),
);

export const grantAccessBodySchema = z
  .object({
    courseId: slugSchema,
    /** A week runs from now, or from the end of a week still running; lifetime access never ends. */
    accessType: accessTypeSchema,
    reason,
  })
  .strict();
export type GrantAccessBody = z.input<typeof grantAccessBodySchema>;

export const revokeAccessBodySchema = z.object({ reason }).strict();
export type RevokeAccessBody = z.input<typeof revokeAccessBodySchema>;
