/** Staff roles: set from the console, granted by the CLI and ADMIN_EMAILS; each change audited. */

export { canPreviewCourse, isInstructorOf, publicCourseOf } from './course-staff.ts';
export { grantRoleByEmail, revokeRoleByEmail, setRoles } from './roles.ts';
