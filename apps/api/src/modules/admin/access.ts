import type { StaffRole } from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../audit/index.ts';
import { requireUser, type SessionUser } from '../auth/index.ts';
import { isInstructorOf } from '../roles/index.ts';

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, email: user.email });

const NOT_STAFF = 'This part of the console is for staff with another role.';

/** The signed-in user when they hold one of `roles` (401 signed out, 403 otherwise). */
export async function requireRole(request: FastifyRequest, roles: readonly StaffRole[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.roles.some((role) => roles.includes(role))) throw forbidden(NOT_STAFF, 'role_required');
  return user;
}

/** Reading a course in the console: admin and support read every course, an instructor their own. */
export async function requireCourseReader(request: FastifyRequest, db: Db, courseId: string): Promise<SessionUser> {
  const user = await requireRole(request, ['admin', 'support', 'instructor']);
  if (user.roles.includes('admin') || user.roles.includes('support')) return user;
  if (await isInstructorOf(db, user.id, courseId)) return user;
  throw forbidden('You can open only the courses you teach.', 'not_your_course');
}

/** Editing a course: an admin, or an instructor of this course (support reads only). */
export async function requireCourseEditor(request: FastifyRequest, db: Db, courseId: string): Promise<SessionUser> {
  const user = await requireRole(request, ['admin', 'instructor']);
  if (user.roles.includes('admin')) return user;
  if (await isInstructorOf(db, user.id, courseId)) return user;
  throw forbidden('You can edit only the courses you teach.', 'not_your_course');
}
