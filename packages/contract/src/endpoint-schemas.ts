import { z } from 'zod';
import { settingsSchema, updateProfileBodySchema, updateSettingsBodySchema } from './account.ts';
import {
  adminCourseDetailSchema,
  adminCourseListSchema,
  adminCoursesQuerySchema,
  adminEmailListSchema,
  adminEmailsQuerySchema,
  adminMeSchema,
  adminUserListSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  archiveTierBodySchema,
  auditListSchema,
  auditQuerySchema,
  courseInstructorsBodySchema,
  createCourseBodySchema,
  createLessonBodySchema,
  lessonParamsSchema,
  outlineBodySchema,
  tierBodySchema,
  tierOrderBodySchema,
  tierParamsSchema,
  updateCourseBodySchema,
  updateLessonBodySchema,
  userParamsSchema,
  userRolesBodySchema,
  versionBodySchema,
  versionQuerySchema,
} from './admin.ts';
import {
  analyticsDropOffSchema,
  analyticsFunnelSchema,
  analyticsOverviewSchema,
  analyticsRangeQuerySchema,
  analyticsRefreshSchema,
} from './analytics.ts';
import {
  oauthCallbackQuerySchema,
  providerParamsSchema,
  standInFormSchema,
  standInPageQuerySchema,
  userSchema,
} from './auth.ts';
import {
  courseDetailSchema,
  courseListSchema,
  coursesQuerySchema,
  featuredCoursesSchema,
  healthSchema,
  lessonSummarySchema,
  reviewListSchema,
  reviewsQuerySchema,
  statsSchema,
} from './catalogue.ts';
import { suggestionsQuerySchema, suggestionsSchema } from './catalogue-search.ts';
import { certificateParamsSchema, certificateSchema, certificateSummarySchema } from './certificates.ts';
import {
  adminCouponListSchema,
  adminCouponSchema,
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrdersExportQuerySchema,
  adminOrdersQuerySchema,
  adminRefundListSchema,
  adminRefundSchema,
  adminRefundsQuerySchema,
  billingProfileBodySchema,
  billingProfileResponseSchema,
  billingProfileSchema,
  cancellationRequestBodySchema,
  couponParamsSchema,
  couponQuoteQuerySchema,
  couponQuoteSchema,
  createCouponBodySchema,
  invoiceParamsSchema,
  orderParamsSchema,
  purchaseListSchema,
  redeemCouponBodySchema,
  refundDecisionBodySchema,
  refundOutcomeSchema,
  refundParamsSchema,
  staffRefundBodySchema,
  updateCouponBodySchema,
} from './commerce.ts';
import { idParamsSchema, successSchema } from './common.ts';
import { achievementSchema, dashboardEnrollmentSchema, dashboardSchema } from './dashboard.ts';
import type { EndpointName } from './endpoints.ts';
import { integrationsSchema } from './integrations.ts';
import {
  adminLearnerListSchema,
  adminLearnerSchema,
  adminLearnersQuerySchema,
  grantAccessBodySchema,
  learnerCourseParamsSchema,
  learnerParamsSchema,
  revokeAccessBodySchema,
} from './learners.ts';
import {
  hlsFileParamsSchema,
  hlsMasterQuerySchema,
  hlsRenditionFileParamsSchema,
  hlsSessionSchema,
  hlsTokenQuerySchema,
  lessonDetailSchema,
  mediaParamsSchema,
  mediaQuerySchema,
  progressBodySchema,
  progressResponseSchema,
  signedVideoSchema,
  videoEventsBodySchema,
  videoEventsResponseSchema,
} from './learning.ts';
import { createNoteBodySchema, noteListSchema, noteParamsSchema, noteSchema, updateNoteBodySchema } from './notes.ts';
import {
  createOrderBodySchema,
  paymentConfigSchema,
  paymentOrderSchema,
  paymentStatusParamsSchema,
  paymentStatusSchema,
  sandboxPayBodySchema,
  sandboxPaymentSchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from './payments.ts';
import {
  adminQuizBodySchema,
  adminQuizSchema,
  quizAttemptBodySchema,
  quizParamsSchema,
  quizResultSchema,
  quizSchema,
  quizSectionParamsSchema,
  quizSummarySchema,
} from './quizzes.ts';
import {
  adminResourceParamsSchema,
  adminResourcesParamsSchema,
  resourceFileQuerySchema,
  resourceOrderBodySchema,
  resourceParamsSchema,
  resourceUploadQuerySchema,
  resourceVersionQuerySchema,
  signedResourceSchema,
  updateResourceBodySchema,
} from './resources.ts';
import {
  contactHealthSchema,
  contactMessageSchema,
  contactResponseSchema,
  oneClickUnsubscribeSchema,
  unsubscribeQuerySchema,
} from './support.ts';
import {
  adminTicketListSchema,
  adminTicketSchema,
  adminTicketsQuerySchema,
  ticketNoteBodySchema,
  ticketParamsSchema,
  ticketReplyBodySchema,
  updateTicketBodySchema,
} from './tickets.ts';
import {
  captionParamsSchema,
  captionQuerySchema,
  thumbnailQuerySchema,
  videoUploadParamsSchema,
  videoUploadSchema,
} from './uploads.ts';

/** A success answer whose body is not JSON: a redirect, a file, a script, or nothing at all. */
export interface RawResponse {
  readonly description: string;
  /** Unset: no body. */
  readonly contentType?: string;
}

export interface EndpointSchema {
  readonly tags: readonly string[];
  readonly summary?: string;
  /** Left out of the OpenAPI document (development stand-ins, operator-only endpoints). */
  readonly hide?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every success or redirect status the endpoint answers: a JSON schema, or a non-JSON answer. */
  readonly responses: Readonly<Record<number, z.ZodType | RawResponse>>;
  /**
   * The error statuses the endpoint answers by itself (not signed in, no access, unknown, conflict...). The ones
   * every endpoint of a kind can answer (invalid input, refused origin, body too large, rate limited, database
   * unavailable) are added by `documentedStatuses`.
   */
  readonly errors: readonly number[];
}

const raw = (description: string, contentType?: string): RawResponse =>
  contentType ? { description, contentType } : { description };
const NOT_MODIFIED = raw('Not modified: the ETag in If-None-Match still matches');
const FILE = (contentType: string) => ({
  200: raw('The whole file', contentType),
  206: raw('The requested byte range', contentType),
  // The media store on S3-compatible storage (decision 033): the bytes come from the bucket or the CDN.
  302: raw('To a short-lived presigned URL of the bucket or the CDN, when media is on S3-compatible storage'),
  304: NOT_MODIFIED,
});

/** The schemas of every endpoint, under the names of `endpoints` (endpoints.ts). */
export const endpointSchemas = {
  healthLive: {
    tags: ['system'],
    summary: 'Liveness: the process answers',
    responses: { 200: z.object({ status: z.literal('ok') }) },
    errors: [],
  },
  health: {
    tags: ['system'],
    summary: 'Readiness: the process and its database answer',
    responses: { 200: healthSchema },
    errors: [],
  },
  metrics: {
    tags: ['system'],
    hide: true,
    summary: 'Prometheus metrics (bearer METRICS_TOKEN)',
    responses: { 200: raw('Prometheus exposition', 'text/plain') },
    errors: [401, 404],
  },
  backup: {
    tags: ['system'],
    hide: true,
    summary:
      'A consistent snapshot of the embedded (PGlite) database for `npm run backup` (bearer DATA_DIR/secrets/backup-token)',
    responses: { 200: raw('The database folder as a gzipped tar, taken between two transactions', 'application/gzip') },
    errors: [401, 404, 409],
  },
  demoVideo: {
    tags: ['system'],
    summary: "The home page's demo video (HTTP Range)",
    responses: FILE('video/mp4'),
    errors: [404, 416],
  },
  siteConfig: {
    tags: ['site'],
    summary: 'Ids of the configured analytics, session-recording and live-chat services (null when unset)',
    responses: { 200: integrationsSchema },
    errors: [],
  },

  stats: { tags: ['catalogue'], responses: { 200: statsSchema, 304: NOT_MODIFIED }, errors: [] },
  courses: {
    tags: ['catalogue'],
    summary:
      'The published catalogue, paged; optionally searched (q: titles, descriptions, instructors, lesson titles; typos forgiven), filtered and sorted',
    query: coursesQuerySchema,
    responses: { 200: courseListSchema, 304: NOT_MODIFIED },
    errors: [],
  },
  searchSuggestions: {
    tags: ['catalogue'],
    summary: 'Courses and lessons whose titles match what a learner is typing (the search boxes), best first',
    query: suggestionsQuerySchema,
    responses: { 200: suggestionsSchema, 304: NOT_MODIFIED },
    errors: [],
  },
  featuredCourses: { tags: ['catalogue'], responses: { 200: featuredCoursesSchema, 304: NOT_MODIFIED }, errors: [] },
  course: {
    tags: ['catalogue'],
    summary: "A course with its lessons, tiers, and the caller's access and per-lesson progress",
    params: idParamsSchema,
    responses: { 200: courseDetailSchema, 304: NOT_MODIFIED },
    errors: [404],
  },
  courseLessons: {
    tags: ['catalogue'],
    params: idParamsSchema,
    responses: { 200: z.array(lessonSummarySchema) },
    errors: [404],
  },
  courseReviews: {
    tags: ['catalogue'],
    params: idParamsSchema,
    query: reviewsQuerySchema,
    responses: { 200: reviewListSchema },
    errors: [404],
  },

  courseQuizzes: {
    tags: ['quizzes'],
    summary: "A course's quizzes in outline order (no questions), with the signed-in learner's best score and attempts",
    params: idParamsSchema,
    responses: { 200: z.array(quizSummarySchema) },
    errors: [404],
  },
  quiz: {
    tags: ['quizzes'],
    summary: 'A quiz to take: its questions without their answers (access as for paid lessons)',
    params: quizParamsSchema,
    responses: { 200: quizSchema },
    errors: [401, 403, 404],
  },
  quizAttempt: {
    tags: ['quizzes'],
    summary:
      'Submit an answer to every question: graded on the server, stored, and answered with what was right and why',
    params: quizParamsSchema,
    body: quizAttemptBodySchema,
    responses: { 200: quizResultSchema },
    errors: [401, 403, 404],
  },

  authLogin: {
    tags: ['auth'],
    summary: 'Start signing in (redirects to the provider)',
    params: providerParamsSchema,
    responses: { 302: raw('To the provider, or to /login?error=... when it is not configured') },
    errors: [],
  },
  authCallback: {
    tags: ['auth'],
    summary: 'Finish signing in (the provider redirects here)',
    params: providerParamsSchema,
    query: oauthCallbackQuerySchema,
    responses: { 302: raw('To /login?success=true, or /login?error=<text>') },
    errors: [404],
  },
  authMe: { tags: ['auth'], summary: 'The signed-in learner, or 401', responses: { 200: userSchema }, errors: [401] },
  authLogout: { tags: ['auth'], summary: 'End the session', responses: { 204: raw('Signed out') }, errors: [] },
  standInSignInPage: {
    tags: ['auth'],
    hide: true,
    summary: 'The local sign-in stand-in (development only)',
    params: providerParamsSchema,
    query: standInPageQuerySchema,
    responses: { 200: raw('The sign-in form', 'text/html') },
    errors: [404],
  },
  standInSignIn: {
    tags: ['auth'],
    hide: true,
    params: providerParamsSchema,
    body: standInFormSchema,
    responses: { 303: raw('To the callback with a code, or error=access_denied') },
    errors: [404],
  },

  enroll: {
    tags: ['enrollment'],
    summary: 'Enroll in a free course',
    params: idParamsSchema,
    responses: { 200: successSchema },
    errors: [401, 403, 404],
  },
  paymentConfig: { tags: ['payments'], responses: { 200: paymentConfigSchema }, errors: [] },
  createOrder: {
    tags: ['payments'],
    body: createOrderBodySchema,
    responses: { 200: paymentOrderSchema },
    errors: [401, 404, 409],
  },
  verifyPayment: {
    tags: ['payments'],
    body: verifyPaymentBodySchema,
    responses: { 200: verifyPaymentResponseSchema },
    errors: [401, 404, 409],
  },
  paymentStatus: {
    tags: ['payments'],
    params: paymentStatusParamsSchema,
    responses: { 200: paymentStatusSchema },
    errors: [401, 404],
  },
  billingProfile: {
    tags: ['payments'],
    summary: "The learner's billing details for invoices (null until entered)",
    responses: { 200: billingProfileResponseSchema },
    errors: [401],
  },
  updateBillingProfile: {
    tags: ['payments'],
    summary: "Set the learner's billing details (name, state, optional GSTIN)",
    body: billingProfileBodySchema,
    responses: { 200: billingProfileSchema },
    errors: [401],
  },
  myPurchases: {
    tags: ['payments'],
    summary: "The learner's purchase history: orders, invoices, credit notes, refunds and what the policy allows",
    responses: { 200: purchaseListSchema },
    errors: [401],
  },
  myOrders: {
    tags: ['payments'],
    summary: "The learner's payment orders, newest first (their purchase history)",
    responses: { 200: z.array(paymentStatusSchema) },
    errors: [401],
  },
  paymentWebhook: {
    tags: ['payments'],
    summary: "Razorpay's webhook (verified by X-Razorpay-Signature over the raw body)",
    responses: { 200: successSchema },
    errors: [],
  },
  sandboxCheckout: {
    tags: ['payments'],
    hide: true,
    responses: { 200: raw('The sandbox checkout script', 'text/javascript') },
    errors: [],
  },
  sandboxPay: {
    tags: ['payments'],
    hide: true,
    body: sandboxPayBodySchema,
    responses: { 200: sandboxPaymentSchema },
    errors: [401, 404, 409],
  },
  redeemCoupon: {
    tags: ['payments'],
    summary: 'Enroll with a coupon that makes the price ₹0 (no checkout)',
    body: redeemCouponBodySchema,
    responses: { 200: successSchema },
    errors: [401, 404, 409],
  },
  couponQuote: {
    tags: ['payments'],
    summary: 'What a coupon code does to one purchase, priced by the server',
    query: couponQuoteQuerySchema,
    responses: { 200: couponQuoteSchema },
    errors: [401, 404, 409],
  },
  refundOrder: {
    tags: ['payments'],
    summary: "Refund the learner's own order in full under the refund policy (within 12 hours, under 20% watched)",
    params: orderParamsSchema,
    responses: { 200: refundOutcomeSchema },
    errors: [401, 404, 409, 503],
  },
  cancellationRequest: {
    tags: ['payments'],
    summary: 'Ask support to cancel an order (within 48 hours, under 25% watched)',
    params: orderParamsSchema,
    body: cancellationRequestBodySchema,
    responses: { 200: refundOutcomeSchema },
    errors: [401, 404, 409],
  },
  invoicePdf: {
    tags: ['payments'],
    summary: 'A tax invoice or credit note as a PDF (its learner, or support and admins)',
    params: invoiceParamsSchema,
    responses: { 200: raw('The invoice (Content-Disposition: attachment)', 'application/pdf') },
    errors: [401, 404],
  },

  lesson: {
    tags: ['learning'],
    params: idParamsSchema,
    responses: { 200: lessonDetailSchema },
    errors: [401, 403, 404],
  },
  lessonSignedUrl: {
    tags: ['learning'],
    params: idParamsSchema,
    responses: { 200: signedVideoSchema },
    errors: [401, 403, 404],
  },
  lessonProgress: {
    tags: ['learning'],
    params: idParamsSchema,
    body: progressBodySchema,
    responses: { 200: progressResponseSchema },
    errors: [401, 403, 404],
  },
  lessonEvents: {
    tags: ['learning'],
    params: idParamsSchema,
    body: videoEventsBodySchema,
    responses: { 200: videoEventsResponseSchema },
    errors: [401, 403, 404],
  },
  media: {
    tags: ['learning'],
    summary: 'Lesson media for a signed, unexpired URL (HTTP Range)',
    params: mediaParamsSchema,
    query: mediaQuerySchema,
    responses: FILE('application/octet-stream'),
    errors: [403, 404, 416],
  },
  lessonHlsToken: {
    tags: ['learning'],
    summary: "A fresh token for the lesson's HLS stream in this video session (access checked again)",
    params: idParamsSchema,
    query: hlsTokenQuerySchema,
    responses: { 200: hlsSessionSchema },
    errors: [401, 403, 404],
  },
  hlsFile: {
    tags: ['learning'],
    summary: 'The HLS master playlist (master.m3u8, ?cap= for the data saver) or poster (poster.jpg) for a token',
    params: hlsFileParamsSchema,
    query: hlsMasterQuerySchema,
    responses: { 200: raw('The playlist or the poster', 'application/vnd.apple.mpegurl') },
    errors: [403, 404],
  },
  hlsRenditionFile: {
    tags: ['learning'],
    summary: "A rendition's playlist (index.m3u8) or segment (seg-NNNNN.ts) for a token (HTTP Range)",
    params: hlsRenditionFileParamsSchema,
    responses: FILE('video/mp2t'),
    errors: [403, 404, 416],
  },
  lessonResourceUrl: {
    tags: ['learning'],
    summary:
      "A short-lived link (5 minutes) to download a lesson's resource, bound to the caller's account: a free lesson's for any signed-in learner, otherwise for those enrolled",
    params: resourceParamsSchema,
    responses: { 200: signedResourceSchema },
    errors: [401, 403, 404],
  },
  lessonResourceFile: {
    tags: ['learning'],
    summary:
      "A lesson's resource as an attachment (HTTP Range), for the signed-in account its link was made for, until the link expires (410)",
    params: resourceParamsSchema,
    query: resourceFileQuerySchema,
    responses: FILE('application/octet-stream'),
    errors: [401, 403, 404, 410, 416],
  },

  courseNotes: {
    tags: ['notes'],
    summary: "The learner's own notes and bookmarks in a course: in lesson order, then by second",
    params: idParamsSchema,
    responses: { 200: noteListSchema },
    errors: [401, 404],
  },
  createNote: {
    tags: ['notes'],
    summary:
      'Add a private note (1 to 2,000 characters) or bookmark (an optional label of up to 120) at a second of a lesson the learner may open (at most 500 a lesson)',
    params: idParamsSchema,
    body: createNoteBodySchema,
    responses: { 201: noteSchema },
    errors: [401, 403, 404, 409],
  },
  updateNote: {
    tags: ['notes'],
    summary: "Change the text of one of the learner's notes, or the label of a bookmark",
    params: noteParamsSchema,
    body: updateNoteBodySchema,
    responses: { 200: noteSchema },
    errors: [401, 404],
  },
  deleteNote: {
    tags: ['notes'],
    summary: "Delete one of the learner's notes or bookmarks",
    params: noteParamsSchema,
    responses: { 204: raw('Deleted') },
    errors: [401, 404],
  },

  dashboard: {
    tags: ['dashboard'],
    summary: "The learner's enrollments with progress, metrics and achievements",
    responses: { 200: dashboardSchema },
    errors: [401],
  },
  myEnrollments: {
    tags: ['dashboard'],
    summary: 'The courses the learner can access now, with progress',
    responses: { 200: z.array(dashboardEnrollmentSchema) },
    errors: [401],
  },
  myAchievements: {
    tags: ['dashboard'],
    summary: "The learner's achievements, earned or not",
    responses: { 200: z.array(achievementSchema) },
    errors: [401],
  },

  myCertificates: {
    tags: ['certificates'],
    summary: "The learner's certificates, newest first (revoked ones included, marked so)",
    responses: { 200: z.array(certificateSummarySchema) },
    errors: [401],
  },
  certificate: {
    tags: ['certificates'],
    summary:
      'A certificate as its public verification page shows it (no sign-in): verified or revoked; 410 when the learner deleted their account, 404 when no certificate has this id',
    params: certificateParamsSchema,
    responses: { 200: certificateSchema },
    errors: [404, 410],
  },
  certificatePdf: {
    tags: ['certificates'],
    summary: 'The certificate as a one-page PDF to download (no sign-in)',
    params: certificateParamsSchema,
    responses: { 200: raw('The certificate (Content-Disposition: attachment)', 'application/pdf') },
    errors: [404, 410],
  },
  certificateImage: {
    tags: ['certificates'],
    summary: "The certificate's link-preview picture (Open Graph, 1200 x 630; no sign-in)",
    params: certificateParamsSchema,
    responses: { 200: raw('The picture', 'image/png') },
    errors: [404, 410],
  },

  updateProfile: {
    tags: ['account'],
    summary: "Change the learner's full name (1 to 80 visible characters, trimmed)",
    body: updateProfileBodySchema,
    responses: { 200: userSchema },
    errors: [401],
  },
  deleteAccount: {
    tags: ['account'],
    summary: 'Delete the account and its personal data, and sign out (payment orders are kept, detached)',
    responses: { 204: raw('Deleted and signed out') },
    errors: [401],
  },
  settings: {
    tags: ['account'],
    summary: "The learner's settings (stored values over the defaults)",
    responses: { 200: settingsSchema },
    errors: [401],
  },
  updateSettings: {
    tags: ['account'],
    summary: 'Change some settings; keys left out keep their values. Answers the full settings.',
    body: updateSettingsBodySchema,
    responses: { 200: settingsSchema },
    errors: [401],
  },

  contactSubmit: {
    tags: ['support'],
    body: contactMessageSchema,
    responses: { 200: contactResponseSchema },
    errors: [],
  },
  contactHealth: { tags: ['support'], responses: { 200: contactHealthSchema }, errors: [503] },

  adminMe: {
    tags: ['admin'],
    summary: "The caller's staff roles and the courses they author (any signed-in user)",
    responses: { 200: adminMeSchema },
    errors: [401],
  },
  adminCourses: {
    tags: ['admin'],
    summary: 'Courses for the console: search, status filter, sort (admin and support: all; instructor: their own)',
    query: adminCoursesQuerySchema,
    responses: { 200: adminCourseListSchema },
    errors: [401, 403],
  },
  adminCreateCourse: {
    tags: ['admin'],
    summary: 'Create a draft course (admin)',
    body: createCourseBodySchema,
    responses: { 201: adminCourseDetailSchema },
    errors: [401, 403, 409],
  },
  adminCourse: {
    tags: ['admin'],
    summary: 'One course with its lessons, tiers, instructors and version',
    params: idParamsSchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404],
  },
  adminUpdateCourse: {
    tags: ['admin'],
    summary: "Edit a course's details (admin, or its instructor); refused with 409 when it changed since `version`",
    params: idParamsSchema,
    body: updateCourseBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminPublishCourse: {
    tags: ['admin'],
    summary:
      'Publish a course (it appears in the catalogue; its id is fixed from then on), or make its pending changes live',
    params: idParamsSchema,
    body: versionBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminUnpublishCourse: {
    tags: ['admin'],
    summary: 'Unpublish a course: it leaves the catalogue; enrolled learners keep their access',
    params: idParamsSchema,
    body: versionBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminDiscardDraft: {
    tags: ['admin'],
    summary: "Throw away a published course's unpublished changes (learners never saw them)",
    params: idParamsSchema,
    body: versionBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCreateTier: {
    tags: ['admin'],
    summary: 'Add a pricing tier',
    params: idParamsSchema,
    body: tierBodySchema,
    responses: { 201: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminUpdateTier: {
    tags: ['admin'],
    summary: 'Change a pricing tier (orders already paid keep what they bought)',
    params: tierParamsSchema,
    body: tierBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminArchiveTier: {
    tags: ['admin'],
    summary: 'Archive a pricing tier (no longer offered; its orders and access stay) or offer it again',
    params: tierParamsSchema,
    body: archiveTierBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminDeleteTier: {
    tags: ['admin'],
    summary: 'Delete a pricing tier nobody bought (one with orders can only be archived)',
    params: tierParamsSchema,
    query: versionQuerySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminReorderTiers: {
    tags: ['admin'],
    summary: 'Put the pricing tiers in this order (every tier of the course, once)',
    params: idParamsSchema,
    body: tierOrderBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCourseInstructors: {
    tags: ['admin'],
    summary: 'Set the instructors who author a course (admin); each must hold the instructor role',
    params: idParamsSchema,
    body: courseInstructorsBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCourseOutline: {
    tags: ['admin'],
    summary: "Save a course's outline: sections in order (create, rename, remove an empty one) and each one's lessons",
    params: idParamsSchema,
    body: outlineBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCreateLesson: {
    tags: ['admin'],
    summary: 'Add a lesson at the end of a section (a YouTube link, or no video yet)',
    params: idParamsSchema,
    body: createLessonBodySchema,
    responses: { 201: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminUpdateLesson: {
    tags: ['admin'],
    summary: "Edit a lesson's title, description, free flag or YouTube link",
    params: lessonParamsSchema,
    body: updateLessonBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCourseQuizzes: {
    tags: ['admin'],
    summary: "A course's section quizzes with their answers, as the console edits them (its draft's, while it has one)",
    params: idParamsSchema,
    responses: { 200: z.array(adminQuizSchema) },
    errors: [401, 403, 404],
  },
  adminSaveQuiz: {
    tags: ['admin'],
    summary:
      "Create or replace a section's quiz: title, pass mark and questions (single, multiple or numeric, each with its explanation)",
    params: quizSectionParamsSchema,
    body: adminQuizBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminDeleteQuiz: {
    tags: ['admin'],
    summary: "Remove a section's quiz at ?version= (refused with 409 once learners have attempted it)",
    params: quizSectionParamsSchema,
    query: versionQuerySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminUsers: {
    tags: ['admin'],
    summary: 'Find users by name or email, with their staff roles (admin)',
    query: adminUsersQuerySchema,
    responses: { 200: adminUserListSchema },
    errors: [401, 403],
  },
  adminUserRoles: {
    tags: ['admin'],
    summary: "Set a user's staff roles (admin); an admin cannot remove their own admin role",
    params: userParamsSchema,
    body: userRolesBodySchema,
    responses: { 200: adminUserSchema },
    errors: [401, 403, 404, 409],
  },
  adminLearners: {
    tags: ['admin'],
    summary:
      'Find learners by part of their name or email (any case), newest sign-ups first, 25 a page (support, admin)',
    query: adminLearnersQuerySchema,
    responses: { 200: adminLearnerListSchema },
    errors: [401, 403],
  },
  adminLearner: {
    tags: ['admin'],
    summary:
      "A learner's account: enrollments, progress per course, orders, certificates and contact messages (support, admin)",
    params: learnerParamsSchema,
    responses: { 200: adminLearnerSchema },
    errors: [401, 403, 404],
  },
  adminGrantAccess: {
    tags: ['admin'],
    summary:
      'Give a learner lifetime or a week of access to a published course, with a reason (support, admin; audited, the learner is emailed)',
    params: learnerParamsSchema,
    body: grantAccessBodySchema,
    responses: { 200: adminLearnerSchema },
    errors: [401, 403, 404, 409],
  },
  adminRevokeAccess: {
    tags: ['admin'],
    summary:
      "Remove a learner's enrollment in a course, however it was gained, with a reason (support, admin; audited)",
    params: learnerCourseParamsSchema,
    body: revokeAccessBodySchema,
    responses: { 200: adminLearnerSchema },
    errors: [401, 403, 404],
  },
  adminAudit: {
    tags: ['admin'],
    summary: 'The audit log of staff writes, newest first, filtered by entity, id or actor (admin)',
    query: auditQuerySchema,
    responses: { 200: auditListSchema },
    errors: [401, 403],
  },
  adminEmails: {
    tags: ['admin'],
    summary:
      'Email the product sent or tried to send, newest first: failed deliveries for staff to act on (admin, support)',
    query: adminEmailsQuerySchema,
    responses: { 200: adminEmailListSchema },
    errors: [401, 403],
  },
  adminCreateVideoUpload: {
    tags: ['admin'],
    summary:
      "Start a lesson's video upload (tus 1.0.0 creation): Tus-Resumable, Upload-Length (at most 2 GiB) and Upload-Metadata naming courseId, lessonId and filename; 201 with the upload's URL in Location (admin, or the course's instructor)",
    responses: { 201: raw("Created: Location is the upload's URL, to PATCH the bytes to and HEAD for the offset") },
    errors: [401, 403, 404, 412, 503],
  },
  adminVideoUpload: {
    tags: ['admin'],
    summary:
      'Where a video upload stands and its outcome (uploading, processing, done, refused, failed), for staff who read its course; HEAD at the same URL is the tus offset, for those who edit it (Upload-Offset, Upload-Length; 410 once it is gone)',
    params: videoUploadParamsSchema,
    responses: { 200: videoUploadSchema },
    errors: [401, 403, 404, 410, 412, 423],
  },
  adminVideoUploadChunk: {
    tags: ['admin'],
    summary:
      "Send a video upload's next bytes (tus PATCH: Content-Type application/offset+octet-stream, Upload-Offset). The last bytes finish it: the file is probed with ffprobe, refused (400, deleted) unless it is a video a browser plays, else set as the lesson's video",
    params: videoUploadParamsSchema,
    responses: { 204: raw('Stored: Upload-Offset is how many bytes the upload holds') },
    errors: [401, 403, 404, 409, 410, 412, 423],
  },
  adminLessonCaptions: {
    tags: ['admin'],
    summary:
      "Add or replace a lesson's captions in one language: the body is the WebVTT file (Content-Type text/vtt, at most 1 MB), ?label= names it in the player",
    params: captionParamsSchema,
    query: captionQuerySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminRemoveCaptions: {
    tags: ['admin'],
    summary: "Remove a lesson's captions in one language, at ?version=",
    params: captionParamsSchema,
    query: versionQuerySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCourseThumbnail: {
    tags: ['admin'],
    summary:
      "Set a course's thumbnail: the body is an image (JPEG, PNG, WebP, AVIF, GIF or TIFF, at most 5 MB) that the server decodes, crops to 640 x 360 and re-encodes as WebP (and AVIF)",
    params: idParamsSchema,
    query: thumbnailQuerySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCreateResource: {
    tags: ['admin'],
    summary:
      'Add a downloadable resource to a lesson: the body is the file (application/octet-stream, at most 100 MB): a Jupyter notebook (.ipynb, checked as nbformat JSON), PDF (checked by its signature), CSV, JSON, text, Markdown, ZIP or Parquet file',
    params: adminResourcesParamsSchema,
    query: resourceUploadQuerySchema,
    responses: { 201: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminUpdateResource: {
    tags: ['admin'],
    summary: "Rename a lesson's resource (the title learners see)",
    params: adminResourceParamsSchema,
    body: updateResourceBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminDeleteResource: {
    tags: ['admin'],
    summary: "Remove a lesson's resource, at ?version=",
    params: adminResourceParamsSchema,
    query: resourceVersionQuerySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminReorderResources: {
    tags: ['admin'],
    summary: "Put a lesson's resources in this order (every resource of the lesson, once)",
    params: adminResourcesParamsSchema,
    body: resourceOrderBodySchema,
    responses: { 200: adminCourseDetailSchema },
    errors: [401, 403, 404, 409],
  },
  adminCoupons: {
    tags: ['admin'],
    summary: 'Every coupon, newest first, with its settled redemptions (admin)',
    responses: { 200: adminCouponListSchema },
    errors: [401, 403],
  },
  adminCreateCoupon: {
    tags: ['admin'],
    summary: 'Create a coupon (admin; audited)',
    body: createCouponBodySchema,
    responses: { 200: adminCouponSchema },
    errors: [401, 403, 409],
  },
  adminUpdateCoupon: {
    tags: ['admin'],
    summary: "Change a coupon's window, caps, scope or active flag (admin; audited)",
    params: couponParamsSchema,
    body: updateCouponBodySchema,
    responses: { 200: adminCouponSchema },
    errors: [401, 403, 404, 409],
  },
  adminRefunds: {
    tags: ['admin'],
    summary: 'Refunds and cancellation requests, newest first, by status (support, admin)',
    query: adminRefundsQuerySchema,
    responses: { 200: adminRefundListSchema },
    errors: [401, 403],
  },
  adminRefundDecision: {
    tags: ['admin'],
    summary: 'Approve a cancellation request (refunds in full) or reject it with a reason emailed (support, admin)',
    params: refundParamsSchema,
    body: refundDecisionBodySchema,
    responses: { 200: adminRefundSchema },
    errors: [401, 403, 404, 409, 503],
  },
  adminOrders: {
    tags: ['admin'],
    summary:
      "Orders, newest first, a page at a time (nextCursor): by order reference, payment id or the learner's email, status, the day made (IST), course and amount (support, admin)",
    query: adminOrdersQuerySchema,
    responses: { 200: adminOrderListSchema },
    errors: [401, 403],
  },
  adminOrdersExport: {
    tags: ['admin'],
    summary:
      "The accountant's CSV of the orders paid from one day to another (IST, at most 366 days), with their invoices, GST and credit notes, streamed (admin)",
    query: adminOrdersExportQuerySchema,
    responses: { 200: raw('The orders as UTF-8 CSV with a BOM (Content-Disposition: attachment)', 'text/csv') },
    errors: [401, 403],
  },
  adminOrder: {
    tags: ['admin'],
    summary: 'One order with its invoice, credit notes and refunds (support, admin)',
    params: orderParamsSchema,
    responses: { 200: adminOrderDetailSchema },
    errors: [401, 403, 404],
  },
  adminRefundOrder: {
    tags: ['admin'],
    summary: 'Refund any paid order, in full or in part, with a reason (support, admin; audited)',
    params: orderParamsSchema,
    body: staffRefundBodySchema,
    responses: { 200: adminOrderDetailSchema },
    errors: [401, 403, 404, 409, 503],
  },
  adminTickets: {
    tags: ['admin'],
    summary:
      'The support inbox: contact messages as tickets, by status, assignee (me, none or an id) and category, newest or soonest due first, a page at a time (support, admin)',
    query: adminTicketsQuerySchema,
    responses: { 200: adminTicketListSchema },
    errors: [401, 403],
  },
  adminTicket: {
    tags: ['admin'],
    summary:
      "A ticket: its thread (learner messages, replies, internal notes), its response target, and the learner's account if one matches (support, admin)",
    params: ticketParamsSchema,
    responses: { 200: adminTicketSchema },
    errors: [401, 403, 404],
  },
  adminUpdateTicket: {
    tags: ['admin'],
    summary:
      "Change a ticket's status, assignee, category or priority at the version read (support, admin; audited; 409 when it changed since)",
    params: ticketParamsSchema,
    body: updateTicketBodySchema,
    responses: { 200: adminTicketSchema },
    errors: [401, 403, 404, 409],
  },
  adminTicketReply: {
    tags: ['admin'],
    summary:
      'Reply to the learner by email, naming the ticket id; the ticket waits on the learner unless another status is chosen (support, admin; audited)',
    params: ticketParamsSchema,
    body: ticketReplyBodySchema,
    responses: { 200: adminTicketSchema },
    errors: [401, 403, 404],
  },
  adminTicketNote: {
    tags: ['admin'],
    summary: 'Add an internal note to a ticket, for staff only, never emailed (support, admin; audited)',
    params: ticketParamsSchema,
    body: ticketNoteBodySchema,
    responses: { 200: adminTicketSchema },
    errors: [401, 403, 404],
  },
  coursePageVisit: {
    tags: ['catalogue'],
    summary:
      "The course page's visit beacon: counted once a day per visitor without a cookie or personal data (no body)",
    params: idParamsSchema,
    responses: { 204: raw('Counted') },
    errors: [404],
  },
  adminAnalyticsOverview: {
    tags: ['admin'],
    summary:
      'Sign-ups, enrollments (free and paid) and orders per IST day and by course; revenue after refunds for admins only (admin, support; an instructor: their courses)',
    query: analyticsRangeQuerySchema,
    responses: { 200: analyticsOverviewSchema },
    errors: [401, 403],
  },
  adminAnalyticsFunnel: {
    tags: ['admin'],
    summary:
      "A course's funnel over a range of IST days, from page visitors to completion, and each lesson's viewers (admin, support, the course's instructors)",
    params: idParamsSchema,
    query: analyticsRangeQuerySchema,
    responses: { 200: analyticsFunnelSchema },
    errors: [401, 403, 404],
  },
  adminAnalyticsDropOff: {
    tags: ['admin'],
    summary:
      "A lesson's drop-off: viewers still watching at each 5%, where they were last seen and the most rewatched seconds (admin, support, the course's instructors)",
    params: idParamsSchema,
    query: analyticsRangeQuerySchema,
    responses: { 200: analyticsDropOffSchema },
    errors: [401, 403, 404],
  },
  adminAnalyticsRefresh: {
    tags: ['admin'],
    summary:
      'Roll up the video events stored since the last run now, up to 100,000 (the job does the rest every five minutes) (admin, support)',
    responses: { 200: analyticsRefreshSchema },
    errors: [401, 403],
  },

  emailUnsubscribePage: {
    tags: ['email'],
    summary: "The course reminders' unsubscribe page (the link in each reminder; signed, no sign-in)",
    query: unsubscribeQuerySchema,
    responses: { 200: raw('A page with one button that turns course reminders off', 'text/html') },
    errors: [],
  },
  emailUnsubscribe: {
    tags: ['email'],
    summary:
      "Turn course reminders off: the page's button, or a mail client's one-click POST (RFC 8058, body List-Unsubscribe=One-Click)",
    query: unsubscribeQuerySchema,
    body: oneClickUnsubscribeSchema,
    responses: { 200: raw('Confirmation that reminders are off', 'text/html') },
    errors: [],
  },
} as const satisfies { readonly [N in EndpointName]: EndpointSchema };

export type EndpointSchemas = typeof endpointSchemas;

type SchemaOf<N extends EndpointName> = EndpointSchemas[N];
type Field<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType } ? T : undefined;

/** What a caller sends: path params, query and body, typed from the schemas (inputs, before defaults). */
export type ParamsOf<N extends EndpointName> =
  Field<SchemaOf<N>, 'params'> extends z.ZodType ? z.input<Field<SchemaOf<N>, 'params'>> : undefined;
export type QueryOf<N extends EndpointName> =
  Field<SchemaOf<N>, 'query'> extends z.ZodType ? z.input<Field<SchemaOf<N>, 'query'>> : undefined;
export type BodyOf<N extends EndpointName> =
  Field<SchemaOf<N>, 'body'> extends z.ZodType ? z.input<Field<SchemaOf<N>, 'body'>> : undefined;

type SuccessStatus = 200 | 201 | 204;
type JsonSuccess<R> = {
  [S in keyof R]: S extends SuccessStatus ? (R[S] extends z.ZodType ? R[S] : never) : never;
}[keyof R];

/** What a caller gets back on success: the JSON body of the endpoint's 2xx answer (undefined for none). */
export type ResponseOf<N extends EndpointName> = [JsonSuccess<SchemaOf<N>['responses']>] extends [never]
  ? undefined
  : z.output<JsonSuccess<SchemaOf<N>['responses']>>;

/**
 * Every status an endpoint can answer, as the OpenAPI document lists them: its own, plus those of its kind.
 * Any endpoint may be rate limited (429), meet an unexpected error (500) or a database outage (503), or get
 * headers too large for the server (431); one with inputs refuses invalid ones (400); a state-changing one
 * refuses another site's Origin (403) and, body or not in its schema, a body that is not JSON (415), invalid
 * JSON (400) or too large (413).
 */
export function documentedStatuses(
  endpoint: { method: string },
  schema: EndpointSchema,
  options: { rateLimited: boolean },
): number[] {
  const statuses = new Set<number>([...Object.keys(schema.responses).map(Number), ...schema.errors, 500, 503, 431]);
  if (schema.params || schema.query || schema.body) statuses.add(400);
  if (endpoint.method !== 'GET') statuses.add(400).add(403).add(413).add(415);
  if (options.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}
