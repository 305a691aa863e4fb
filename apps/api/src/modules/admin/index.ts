/** The staff console's API: roles, course authoring and the audit log. */
export { adminRoutes } from './routes.ts';
/** Uploads: lesson videos over tus, captions and course thumbnails (decision 020). */
export { adminUploadRoutes } from './upload-routes.ts';
