import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { actorOf, requireRole } from '../admin/index.ts';
import { createCoupon, listCoupons, updateCoupon } from './admin.ts';

/** Staff writes: as the rest of the console's. */
const WRITE_LIMIT = perLearnerRateLimit(120);

/** The console's coupons (/admin/coupons): admin only, every write audited in its own transaction. */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const noStore = { 'cache-control': 'private, no-store' };

  route(app, endpoints.adminCoupons, {}, async (request, reply) => {
    await requireRole(request, ['admin']);
    reply.headers(noStore);
    return listCoupons(db);
  });

  route(app, endpoints.adminCreateCoupon, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, ['admin']);
    reply.headers(noStore);
    return createCoupon(db, actorOf(user), request.body, clock());
  });

  route(app, endpoints.adminUpdateCoupon, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, ['admin']);
    reply.headers(noStore);
    return updateCoupon(db, actorOf(user), request.params.id, request.body, clock());
  });
};
