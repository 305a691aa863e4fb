// The enrollment module's public surface: what other modules may use.
export { type CourseAccess, describeEnrollment, findEnrollment, getCourseAccess } from './access.ts';
export { grantAccess, rebuildPaidAccess, removeEnrollment } from './grant.ts';
export { enrollmentRoutes } from './routes.ts';
