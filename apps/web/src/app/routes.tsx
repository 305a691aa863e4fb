import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@/features/errors/not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Loads a page's code only when its route is visited (route-level code splitting). */
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/** The spec's route table, in full: the browser's router and the server's first paint share it. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('@/features/marketing/home-page').then((m) => m.HomePage)) },
          { path: 'login', lazy: page(() => import('@/features/auth/login-page').then((m) => m.LoginPage)) },
          {
            path: 'courses',
            lazy: page(() => import('@/features/catalogue/pages/courses-page').then((m) => m.CoursesPage)),
          },
          {
            path: 'course/:id',
            lazy: page(() => import('@/features/catalogue/pages/course-page').then((m) => m.CoursePage)),
          },
          {
            path: 'payment-status',
            lazy: page(() => import('@/features/payments/payment-status-page').then((m) => m.PaymentStatusPage)),
          },
          {
            // Dashboard, profile and settings need a signed-in learner and share the sidebar.
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
            ],
          },
          {
            path: 'privacy-policy',
            lazy: page(() => import('@/features/legal/privacy-policy-page').then((m) => m.PrivacyPolicyPage)),
          },
          {
            path: 'refund-policy',
            lazy: page(() => import('@/features/legal/refund-policy-page').then((m) => m.RefundPolicyPage)),
          },
          {
            path: 'terms-and-conditions',
            lazy: page(() => import('@/features/legal/terms-page').then((m) => m.TermsPage)),
          },
          { path: 'about-us', lazy: page(() => import('@/features/marketing/about-page').then((m) => m.AboutPage)) },
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
