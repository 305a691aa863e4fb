import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { actorOf, requireRole } from '../admin/index.ts';
import { grantCourseAccess, revokeCourseAccess } from './course-access.ts';
import { learnerPage } from './learner-page.ts';
import { searchLearners } from './search.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };
/** Support answers learners; admins do everything. Instructors teach courses and see no one's account. */
const LEARNER_STAFF = ['admin', 'support'] as const;
const WRITE_LIMIT = perLearnerRateLimit(60);

/**
 * Learners in the console (issue 20): find one by name or email, read their account, grant or revoke access to
 * a course. Every write records its audit row in its own transaction; each answers the learner's page as it is
 * after the write, so the console shows what changed without asking again.
 */
export const learnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, outbox } = app.deps;

  route(app, endpoints.adminLearners, {}, async (request, reply) => {
    await requireRole(request, LEARNER_STAFF);
    reply.headers(NO_STORE);
    return searchLearners(db, request.query);
  });

  route(app, endpoints.adminLearner, {}, async (request, reply) => {
    await requireRole(request, LEARNER_STAFF);
    reply.headers(NO_STORE);
    return learnerPage(db, request.params.id, clock());
  });

  route(app, endpoints.adminGrantAccess, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, LEARNER_STAFF);
    await grantCourseAccess({ db, outbox }, actorOf(user), request.params.id, request.body, clock());
    reply.headers(NO_STORE);
    return learnerPage(db, request.params.id, clock());
  });

  route(app, endpoints.adminRevokeAccess, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, LEARNER_STAFF);
    const { id, courseId } = request.params;
    await revokeCourseAccess({ db, outbox }, actorOf(user), id, courseId, request.body.reason, clock());
    reply.headers(NO_STORE);
    return learnerPage(db, id, clock());
  });
};
