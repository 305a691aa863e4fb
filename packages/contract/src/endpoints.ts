/**
 * Every API endpoint by name: its method and path (relative to API_PREFIX). This half of the endpoint table is
 * free of zod, so the browser imports it without the schemas; endpoint-schemas.ts holds the other half under the
 * same names, and the type checker keeps the two complete (decision 013).
 */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<Name extends string = string> {
  readonly name: Name;
  readonly method: HttpMethod;
  /** Relative to API_PREFIX; `:name` segments are path parameters, `*` the rest of the path. */
  readonly path: string;
}

const table = {
  healthLive: { method: 'GET', path: '/health/live' },
  health: { method: 'GET', path: '/health' },
  metrics: { method: 'GET', path: '/metrics' },
  backup: { method: 'POST', path: '/operator/backup' },
  demoVideo: { method: 'GET', path: '/demo-video' },
  siteConfig: { method: 'GET', path: '/site-config' },

  stats: { method: 'GET', path: '/stats' },
  courses: { method: 'GET', path: '/courses' },
  searchSuggestions: { method: 'GET', path: '/search/suggestions' },
  featuredCourses: { method: 'GET', path: '/courses/featured' },
  course: { method: 'GET', path: '/courses/:id' },
  courseLessons: { method: 'GET', path: '/courses/:id/lessons' },
  courseReviews: { method: 'GET', path: '/courses/:id/reviews' },
  courseQuizzes: { method: 'GET', path: '/courses/:id/quizzes' },
  quiz: { method: 'GET', path: '/quizzes/:id' },
  quizAttempt: { method: 'POST', path: '/quizzes/:id/attempts' },

  authLogin: { method: 'GET', path: '/auth/:provider/login' },
  authCallback: { method: 'GET', path: '/auth/:provider/callback' },
  authMe: { method: 'GET', path: '/auth/me' },
  authLogout: { method: 'POST', path: '/auth/logout' },
  standInSignInPage: { method: 'GET', path: '/auth/dev/:provider' },
  standInSignIn: { method: 'POST', path: '/auth/dev/:provider' },

  enroll: { method: 'POST', path: '/courses/:id/enroll' },
  paymentConfig: { method: 'GET', path: '/payments/config' },
  createOrder: { method: 'POST', path: '/payments/create-order' },
  verifyPayment: { method: 'POST', path: '/payments/verify' },
  paymentStatus: { method: 'GET', path: '/payments/status/:id' },
  myOrders: { method: 'GET', path: '/payments/orders' },
  paymentWebhook: { method: 'POST', path: '/payments/webhook' },
  sandboxCheckout: { method: 'GET', path: '/payments/sandbox/checkout.js' },
  sandboxPay: { method: 'POST', path: '/payments/sandbox/pay' },
  redeemCoupon: { method: 'POST', path: '/payments/redeem-coupon' },
  couponQuote: { method: 'GET', path: '/coupons/quote' },
  refundOrder: { method: 'POST', path: '/payments/orders/:id/refund' },
  cancellationRequest: { method: 'POST', path: '/payments/orders/:id/cancellation-request' },
  invoicePdf: { method: 'GET', path: '/invoices/:id/pdf' },

  lesson: { method: 'GET', path: '/lessons/:id' },
  lessonSignedUrl: { method: 'GET', path: '/lessons/:id/signed-url' },
  lessonProgress: { method: 'PUT', path: '/lessons/:id/progress' },
  lessonEvents: { method: 'POST', path: '/lessons/:id/events' },
  media: { method: 'GET', path: '/media/*' },
  lessonHlsToken: { method: 'GET', path: '/lessons/:id/hls-token' },
  hlsFile: { method: 'GET', path: '/hls/:token/:name' },
  hlsRenditionFile: { method: 'GET', path: '/hls/:token/:name/:file' },

  courseNotes: { method: 'GET', path: '/courses/:id/notes' },
  createNote: { method: 'POST', path: '/lessons/:id/notes' },
  updateNote: { method: 'PATCH', path: '/notes/:id' },
  deleteNote: { method: 'DELETE', path: '/notes/:id' },
  lessonResourceUrl: { method: 'GET', path: '/resources/:id/signed-url' },
  lessonResourceFile: { method: 'GET', path: '/resources/:id/file' },

  dashboard: { method: 'GET', path: '/dashboard' },
  myEnrollments: { method: 'GET', path: '/users/me/enrollments' },
  myAchievements: { method: 'GET', path: '/users/me/achievements' },
  myCertificates: { method: 'GET', path: '/users/me/certificates' },

  updateProfile: { method: 'PATCH', path: '/users/me' },
  deleteAccount: { method: 'DELETE', path: '/users/me' },
  settings: { method: 'GET', path: '/users/me/settings' },
  updateSettings: { method: 'PUT', path: '/users/me/settings' },
  billingProfile: { method: 'GET', path: '/users/me/billing' },
  updateBillingProfile: { method: 'PUT', path: '/users/me/billing' },
  myPurchases: { method: 'GET', path: '/users/me/purchases' },

  certificate: { method: 'GET', path: '/certificates/:id' },
  certificatePdf: { method: 'GET', path: '/certificates/:id/pdf' },
  certificateImage: { method: 'GET', path: '/certificates/:id/image.png' },

  contactSubmit: { method: 'POST', path: '/contact/submit' },
  contactHealth: { method: 'GET', path: '/contact/health' },

  emailUnsubscribePage: { method: 'GET', path: '/email/unsubscribe' },
  emailUnsubscribe: { method: 'POST', path: '/email/unsubscribe' },

  adminMe: { method: 'GET', path: '/admin/me' },
  adminCourses: { method: 'GET', path: '/admin/courses' },
  adminCreateCourse: { method: 'POST', path: '/admin/courses' },
  adminCourse: { method: 'GET', path: '/admin/courses/:id' },
  adminUpdateCourse: { method: 'PATCH', path: '/admin/courses/:id' },
  adminPublishCourse: { method: 'POST', path: '/admin/courses/:id/publish' },
  adminUnpublishCourse: { method: 'POST', path: '/admin/courses/:id/unpublish' },
  adminDiscardDraft: { method: 'POST', path: '/admin/courses/:id/discard-draft' },
  adminCreateTier: { method: 'POST', path: '/admin/courses/:id/tiers' },
  adminUpdateTier: { method: 'PUT', path: '/admin/courses/:id/tiers/:tierId' },
  adminArchiveTier: { method: 'POST', path: '/admin/courses/:id/tiers/:tierId/archive' },
  adminDeleteTier: { method: 'DELETE', path: '/admin/courses/:id/tiers/:tierId' },
  adminReorderTiers: { method: 'PUT', path: '/admin/courses/:id/tier-order' },
  adminCourseInstructors: { method: 'PUT', path: '/admin/courses/:id/instructors' },
  adminCourseOutline: { method: 'PUT', path: '/admin/courses/:id/outline' },
  adminCreateLesson: { method: 'POST', path: '/admin/courses/:id/lessons' },
  adminUpdateLesson: { method: 'PATCH', path: '/admin/courses/:id/lessons/:lessonId' },
  adminCourseQuizzes: { method: 'GET', path: '/admin/courses/:id/quizzes' },
  adminSaveQuiz: { method: 'PUT', path: '/admin/courses/:id/sections/:sectionId/quiz' },
  adminDeleteQuiz: { method: 'DELETE', path: '/admin/courses/:id/sections/:sectionId/quiz' },
  adminUsers: { method: 'GET', path: '/admin/users' },
  adminUserRoles: { method: 'PUT', path: '/admin/users/:id/roles' },
  adminLearners: { method: 'GET', path: '/admin/learners' },
  adminLearner: { method: 'GET', path: '/admin/learners/:id' },
  adminGrantAccess: { method: 'POST', path: '/admin/learners/:id/access' },
  adminRevokeAccess: { method: 'POST', path: '/admin/learners/:id/access/:courseId/revoke' },
  adminAudit: { method: 'GET', path: '/admin/audit' },
  adminEmails: { method: 'GET', path: '/admin/emails' },
  adminCreateVideoUpload: { method: 'POST', path: '/admin/uploads/videos' },
  adminVideoUpload: { method: 'GET', path: '/admin/uploads/videos/:uploadId' },
  adminVideoUploadChunk: { method: 'PATCH', path: '/admin/uploads/videos/:uploadId' },
  adminLessonCaptions: { method: 'PUT', path: '/admin/courses/:id/lessons/:lessonId/captions/:lang' },
  adminRemoveCaptions: { method: 'DELETE', path: '/admin/courses/:id/lessons/:lessonId/captions/:lang' },
  adminCourseThumbnail: { method: 'PUT', path: '/admin/courses/:id/thumbnail' },
  adminCreateResource: { method: 'POST', path: '/admin/courses/:id/lessons/:lessonId/resources' },
  adminUpdateResource: { method: 'PATCH', path: '/admin/courses/:id/lessons/:lessonId/resources/:resourceId' },
  adminDeleteResource: { method: 'DELETE', path: '/admin/courses/:id/lessons/:lessonId/resources/:resourceId' },
  adminReorderResources: { method: 'PUT', path: '/admin/courses/:id/lessons/:lessonId/resource-order' },
  adminCoupons: { method: 'GET', path: '/admin/coupons' },
  adminCreateCoupon: { method: 'POST', path: '/admin/coupons' },
  adminUpdateCoupon: { method: 'PATCH', path: '/admin/coupons/:id' },
  adminRefunds: { method: 'GET', path: '/admin/refunds' },
  adminRefundDecision: { method: 'POST', path: '/admin/refunds/:id/decision' },
  adminOrders: { method: 'GET', path: '/admin/orders' },
  adminOrdersExport: { method: 'GET', path: '/admin/orders/export.csv' },
  adminOrder: { method: 'GET', path: '/admin/orders/:id' },
  adminRefundOrder: { method: 'POST', path: '/admin/orders/:id/refunds' },
  adminTickets: { method: 'GET', path: '/admin/tickets' },
  adminTicket: { method: 'GET', path: '/admin/tickets/:ticketId' },
  adminUpdateTicket: { method: 'PATCH', path: '/admin/tickets/:ticketId' },
  adminTicketReply: { method: 'POST', path: '/admin/tickets/:ticketId/replies' },
  adminTicketNote: { method: 'POST', path: '/admin/tickets/:ticketId/notes' },
  coursePageVisit: { method: 'POST', path: '/courses/:id/visit' },
  adminAnalyticsOverview: { method: 'GET', path: '/admin/analytics/overview' },
  adminAnalyticsFunnel: { method: 'GET', path: '/admin/analytics/courses/:id/funnel' },
  adminAnalyticsDropOff: { method: 'GET', path: '/admin/analytics/lessons/:id/drop-off' },
  adminAnalyticsRefresh: { method: 'POST', path: '/admin/analytics/refresh' },
} as const satisfies Record<string, Omit<Endpoint, 'name'>>;

type Table = typeof table;
export type EndpointName = keyof Table;
export type EndpointOf<N extends EndpointName> = Table[N] & { readonly name: N };

/** The endpoint table: `endpoints.course` is `{ name: 'course', method: 'GET', path: '/courses/:id' }`. */
export const endpoints = Object.fromEntries(
  Object.entries(table).map(([name, entry]) => [name, { ...entry, name }]),
) as { readonly [N in EndpointName]: EndpointOf<N> };

type Primitive = string | number | boolean;

/**
 * The path of a call, relative to API_PREFIX: `:name` segments filled with URL-encoded values and the query
 * (undefined values left out) appended in the order given. apiPath(endpoints.course, { id: 'x' }) → '/courses/x'.
 */
export function apiPath(
  endpoint: Endpoint,
  params: Record<string, Primitive> = {},
  query: Record<string, Primitive | undefined> = {},
): string {
  const path = endpoint.path.replace(/:([a-zA-Z]+)|\*/g, (_segment, key: string | undefined) => {
    const value = params[key ?? '*'];
    if (value === undefined) throw new Error(`apiPath(${endpoint.name}): missing param ${key ?? '*'}`);
    return key ? encodeURIComponent(String(value)) : String(value).split('/').map(encodeURIComponent).join('/');
  });
  const queryString = Object.entries(query)
    .filter((entry): entry is [string, Primitive] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return queryString ? `${path}?${queryString}` : path;
}
