/** The staff console's API: roles, course authoring and the audit log. */
export { adminRoutes } from './routes.ts';
