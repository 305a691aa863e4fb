import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireUser } from '../auth/index.ts';
import { findBillingProfile, saveBillingProfile } from './profile.ts';
import { listPurchases } from './purchases.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };

/** The learner's billing details and purchase history (decision 024). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  route(app, endpoints.billingProfile, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.headers(NO_STORE);
    return { profile: await findBillingProfile(db, user.id) };
  });

  route(app, endpoints.updateBillingProfile, { config: perLearnerRateLimit(30) }, async (request, reply) => {
    const user = await requireUser(request);
    reply.headers(NO_STORE);
    return saveBillingProfile(db, user.id, request.body, clock());
  });

  route(app, endpoints.myPurchases, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.headers(NO_STORE);
    return { purchases: await listPurchases(db, user.id, clock()) };
  });
};
