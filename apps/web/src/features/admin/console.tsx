/**
 * The staff console, as the route table loads it: every console route imports this one module, so the console
 * is one chunk (its pages and their parts) fetched on the first visit to /admin, and the learner's route table
 * carries one chunk name for it instead of one per page and part.
 */
export { ConsoleHome, ConsoleLayout } from './components/console-layout';
export { AdminAnalyticsPage } from './pages/admin-analytics-page';
export { AdminAuditPage } from './pages/admin-audit-page';
export { AdminCouponsPage } from './pages/admin-coupons-page';
export { AdminCoursePage } from './pages/admin-course-page';
export { AdminCoursesPage } from './pages/admin-courses-page';
export { AdminEmailPage } from './pages/admin-email-page';
export { AdminLearnerPage } from './pages/admin-learner-page';
export { AdminLearnersPage } from './pages/admin-learners-page';
export { AdminOrderPage } from './pages/admin-order-page';
export { AdminOrdersPage } from './pages/admin-orders-page';
export { AdminPeoplePage } from './pages/admin-people-page';
export { AdminRefundsPage } from './pages/admin-refunds-page';
export { AdminTicketPage } from './pages/admin-ticket-page';
export { AdminTicketsPage } from './pages/admin-tickets-page';
