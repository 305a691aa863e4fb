/** Every API path, relative to the API prefix. `:param` segments are filled by `apiPath`. */
export const API_PREFIX = '/api/v1';

export const routes = {
  health: '/health',
  healthLive: '/health/live',
  stats: '/stats',
  demoVideo: '/demo-video',
  courses: '/courses',
  featuredCourses: '/courses/featured',
  course: '/courses/:id',
  courseLessons: '/courses/:id/lessons',
  courseReviews: '/courses/:id/reviews',
  enroll: '/courses/:id/enroll',
  authLogin: '/auth/:provider/login',
  authCallback: '/auth/:provider/callback',
  authMe: '/auth/me',
  authLogout: '/auth/logout',
  lesson: '/lessons/:id',
  lessonSignedUrl: '/lessons/:id/signed-url',
  lessonProgress: '/lessons/:id/progress',
  lessonEvents: '/lessons/:id/events',
  dashboard: '/dashboard',
  createOrder: '/payments/create-order',
  verifyPayment: '/payments/verify',
  paymentWebhook: '/payments/webhook',
  paymentStatus: '/payments/status/:id',
  paymentConfig: '/payments/config',
  sandboxCheckout: '/payments/sandbox/checkout.js',
  sandboxPay: '/payments/sandbox/pay',
  contactSubmit: '/contact/submit',
  contactHealth: '/contact/health',
  me: '/users/me',
  mySettings: '/users/me/settings',
  myEnrollments: '/users/me/enrollments',
  myAchievements: '/users/me/achievements',
  siteConfig: '/site-config',
  media: '/media/*',
  metrics: '/metrics',
} as const;

export type RouteName = keyof typeof routes;

/** Fills `:name` segments with URL-encoded values: apiPath('course', { id: 'x' }) → '/courses/x'. */
export function apiPath(name: RouteName, params: Record<string, string> = {}): string {
  return routes[name].replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`apiPath(${name}): missing param ${key}`);
    return encodeURIComponent(value);
  });
}
