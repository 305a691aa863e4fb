import { API_PREFIX, COURSES_PAGE_SIZE, HOME_COURSES_PAGE_SIZE } from '@kaushal/contract';
import type { ComponentType } from 'react';
import {
  courseQuery,
  courseReviewsQuery,
  coursesPageQuery,
  featuredCoursesQuery,
  statsQuery,
} from '@/features/catalogue/api/catalogue-queries';
import { filtersFromParams } from '@/features/catalogue/lib/catalogue-filters';
import { pageFromParams } from '@/features/catalogue/lib/page-from-params';
import { shortenDescription } from '@/features/catalogue/lib/shorten-description';
import { certificateImagePath, certificateQuery } from '@/features/certificates/api/certificate-query';
import { describeCertificate } from '@/features/certificates/lib/wording';
import { NotFoundPage } from '@/features/errors/not-found-page';
import { t } from '@/lib/i18n/i18n';
import type { RouteObject } from '@/lib/router';
import { site } from '@/lib/site';
import { firstPaint, staticFirstPaint } from './first-paint/route-first-paint';
import { RootHydrateFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Loads a page's code only when its route is visited (route-level code splitting). */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/** A page or the frame of the staff console, all in one module (features/admin/console.tsx). */
const consolePart = (name: keyof typeof import('@/features/admin/console')) =>
  page(() => import('@/features/admin/console').then((m) => m[name]));

/**
 * The spec's route table, in full: the browser's router and the server's first paint share it. A public page
 * the server draws declares it in its `handle` (app/first-paint/route-first-paint.ts): the queries its first
 * paint needs and, where it has one of its own, its head; the others are drawn only in the browser. The
 * declarations are for the server's bundle only: `import.meta.env.SSR &&` drops them (and the query code they
 * import) from the browser's.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RootHydrateFallback,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: page(() => import('@/features/marketing/home-page').then((m) => m.HomePage)),
            handle:
              import.meta.env.SSR &&
              firstPaint({
                queries: () => [featuredCoursesQuery(), statsQuery(), coursesPageQuery(1, HOME_COURSES_PAGE_SIZE)],
              }),
          },
          { path: 'login', lazy: page(() => import('@/features/auth/login-page').then((m) => m.LoginPage)) },
          {
            path: 'courses',
            lazy: page(() => import('@/features/catalogue/pages/courses-page').then((m) => m.CoursesPage)),
            handle:
              import.meta.env.SSR &&
              firstPaint({
                queries: ({ searchParams }) => [
                  coursesPageQuery(pageFromParams(searchParams), COURSES_PAGE_SIZE, filtersFromParams(searchParams)),
                ],
              }),
          },
          {
            path: 'course/:id',
            lazy: page(() => import('./routes/course-page').then((m) => m.CoursePage)),
            handle:
              import.meta.env.SSR &&
              firstPaint({
                queries: ({ params: { id = '' } }) => [courseQuery(id), courseReviewsQuery(id)],
                head: ([course]) =>
                  course && {
                    title: course.title,
                    description: shortenDescription(course.description, course.title, course.difficulty),
                    path: `/course/${encodeURIComponent(course.id)}`,
                    openGraph: { title: course.title, image: course.thumbnailUrl },
                  },
              }),
          },
          {
            // A section's quiz, on a page of its own so a link to it can be shared; drawn in the browser only.
            path: 'course/:id/quizzes/:quizId',
            lazy: page(() => import('@/features/quizzes/pages/quiz-page').then((m) => m.QuizPage)),
          },
          {
            // A certificate's public verification page: drawn on the server, with a link preview of its own.
            path: 'certificates/:id',
            lazy: page(() => import('@/features/certificates/certificate-page').then((m) => m.CertificatePage)),
            handle:
              import.meta.env.SSR &&
              firstPaint({
                queries: ({ params: { id = '' } }) => [certificateQuery(id)],
                head: ([certificate]) =>
                  certificate && {
                    title: t('{course}: certificate of {learner}', {
                      course: certificate.course.title,
                      learner: certificate.learnerName,
                    }),
                    description: describeCertificate(certificate, site.productName),
                    path: `/certificates/${encodeURIComponent(certificate.id)}`,
                    openGraph: {
                      title: t('{learner} completed {course}', {
                        learner: certificate.learnerName,
                        course: certificate.course.title,
                      }),
                      image: `${API_PREFIX}${certificateImagePath(certificate.id)}`,
                      imageSize: { width: 1200, height: 630 },
                    },
                  },
              }),
          },
          {
            path: 'payment-status',
            lazy: page(() => import('@/features/payments/payment-status-page').then((m) => m.PaymentStatusPage)),
          },
          {
            // Dashboard, profile, settings and the purchase history need a signed-in learner and share the sidebar;
            // drawn in the browser only.
            lazy: page(() => import('@/components/layout/signed-in-layout').then((m) => m.SignedInLayout)),
            children: [
              {
                path: 'dashboard',
                lazy: page(() => import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
              },
              {
                path: 'profile',
                lazy: page(() => import('@/features/account/profile-page').then((m) => m.ProfilePage)),
              },
              {
                path: 'settings',
                lazy: page(() => import('@/features/account/settings-page').then((m) => m.SettingsPage)),
              },
              {
                path: 'purchases',
                lazy: page(() => import('@/features/payments/purchases-page').then((m) => m.PurchasesPage)),
              },
            ],
          },
          {
            // The staff console: one chunk, loaded only when visited (no byte of it on a learner's page).
            path: 'admin',
            lazy: consolePart('ConsoleLayout'),
            children: [
              { index: true, lazy: consolePart('ConsoleHome') },
              { path: 'courses', lazy: consolePart('AdminCoursesPage') },
              { path: 'courses/:id', lazy: consolePart('AdminCoursePage') },
              { path: 'learners', lazy: consolePart('AdminLearnersPage') },
              { path: 'learners/:id', lazy: consolePart('AdminLearnerPage') },
              { path: 'inbox', lazy: consolePart('AdminTicketsPage') },
              { path: 'inbox/:ticketId', lazy: consolePart('AdminTicketPage') },
              { path: 'people', lazy: consolePart('AdminPeoplePage') },
              { path: 'audit', lazy: consolePart('AdminAuditPage') },
              { path: 'email', lazy: consolePart('AdminEmailPage') },
              { path: 'orders', lazy: consolePart('AdminOrdersPage') },
              { path: 'orders/:id', lazy: consolePart('AdminOrderPage') },
              { path: 'refunds', lazy: consolePart('AdminRefundsPage') },
              { path: 'coupons', lazy: consolePart('AdminCouponsPage') },
              { path: 'analytics', lazy: consolePart('AdminAnalyticsPage') },
            ],
          },
          {
            path: 'privacy-policy',
            lazy: page(() => import('@/features/legal/privacy-policy-page').then((m) => m.PrivacyPolicyPage)),
            handle: import.meta.env.SSR && staticFirstPaint,
          },
          {
            path: 'refund-policy',
            lazy: page(() => import('@/features/legal/refund-policy-page').then((m) => m.RefundPolicyPage)),
            handle: import.meta.env.SSR && staticFirstPaint,
          },
          {
            path: 'terms-and-conditions',
            lazy: page(() => import('@/features/legal/terms-page').then((m) => m.TermsPage)),
            handle: import.meta.env.SSR && staticFirstPaint,
          },
          {
            path: 'about-us',
            lazy: page(() => import('@/features/marketing/about-page').then((m) => m.AboutPage)),
            handle: import.meta.env.SSR && staticFirstPaint,
          },
          {
            path: 'contact-us',
            lazy: page(() => import('@/features/support/contact-page').then((m) => m.ContactPage)),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
