import type { StaffRole } from '@kaushal/contract';

/** The staff roles in the order the console shows them (the contract's STAFF_ROLES, without loading zod). */
export const ROLES: readonly StaffRole[] = ['instructor', 'support', 'admin'];

export const ROLE_LABELS: Record<StaffRole, string> = {
  instructor: 'Instructor',
  support: 'Support',
  admin: 'Admin',
};

/** The console's sections and who may open each (the API checks the same roles). */
export const CONSOLE_SECTIONS = [
  { to: '/admin/courses', label: 'Courses', roles: ['admin', 'support', 'instructor'] },
  { to: '/admin/learners', label: 'Learners', roles: ['admin', 'support'] },
  { to: '/admin/inbox', label: 'Support inbox', roles: ['admin', 'support'] },
  { to: '/admin/people', label: 'People and roles', roles: ['admin'] },
  { to: '/admin/audit', label: 'Audit log', roles: ['admin'] },
  { to: '/admin/email', label: 'Email', roles: ['admin', 'support'] },
  { to: '/admin/orders', label: 'Orders', roles: ['admin', 'support'] },
  { to: '/admin/refunds', label: 'Refunds', roles: ['admin', 'support'] },
  { to: '/admin/coupons', label: 'Coupons', roles: ['admin'] },
  { to: '/admin/analytics', label: 'Analytics', roles: ['admin', 'support', 'instructor'] },
] as const satisfies ReadonlyArray<{ to: string; label: string; roles: readonly StaffRole[] }>;

export const holdsAny = (held: readonly StaffRole[], wanted: readonly StaffRole[]) =>
  held.some((role) => wanted.includes(role));

export const isStaff = (roles: readonly StaffRole[] | undefined) => (roles?.length ?? 0) > 0;
