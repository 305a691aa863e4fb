/** The console's role checks, for staff routes kept beside their own module (coupons, refunds). */
export { actorOf, requireRole } from './access.ts';
/** A lesson's downloadable resources: upload, rename, reorder, remove (issue 18). */
export { adminResourceRoutes } from './resource-routes.ts';
/** The staff console's API: roles, course authoring and the audit log. */
export { adminRoutes } from './routes.ts';
/** Uploads: lesson videos over tus, captions and course thumbnails (decision 020). */
export { adminUploadRoutes } from './upload-routes.ts';
/** Search text as an ILIKE pattern (part of a name or email), shared by the console's searches. */
export { likeEscaped } from './users.ts';
