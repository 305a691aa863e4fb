import { endpoints } from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { actorOf, requireRole } from '../admin/index.ts';
import { requireUser } from '../auth/index.ts';
import { requestCancellation, selfServeRefund } from './learner.ts';
import type { RefundDeps } from './refund-path.ts';
import { decideRequest, listRefunds, orderDetail, staffRefund } from './staff.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };
const REFUND_STAFF = ['admin', 'support'] as const;

/**
 * The learner's refund and cancellation-request actions, and support's refunds, requests and an order's page in
 * the console (decision 024; the order list and export are the orders module's). Every write takes the order's row lock before it decides anything.
 */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, outbox, payments, config } = app.deps;
  const deps = (request: FastifyRequest): RefundDeps => ({
    db,
    outbox,
    provider: payments,
    invoicing: config.invoicing,
    clock,
    log: request.log,
  });

  route(app, endpoints.refundOrder, { config: perLearnerRateLimit(10) }, async (request, reply) => {
    const user = await requireUser(request);
    reply.headers(NO_STORE);
    return selfServeRefund(deps(request), user.id, request.params.id);
  });

  route(app, endpoints.cancellationRequest, { config: perLearnerRateLimit(10) }, async (request, reply) => {
    const user = await requireUser(request);
    reply.headers(NO_STORE);
    return requestCancellation(deps(request), user.id, request.params.id, request.body.reason);
  });

  route(app, endpoints.adminRefunds, {}, async (request, reply) => {
    await requireRole(request, REFUND_STAFF);
    reply.headers(NO_STORE);
    return { refunds: await listRefunds(db, request.query.status, request.query.limit, clock()) };
  });

  route(app, endpoints.adminRefundDecision, { config: perLearnerRateLimit(60) }, async (request, reply) => {
    const user = await requireRole(request, REFUND_STAFF);
    reply.headers(NO_STORE);
    return decideRequest(deps(request), actorOf(user), request.params.id, request.body);
  });

  route(app, endpoints.adminOrder, {}, async (request, reply) => {
    await requireRole(request, REFUND_STAFF);
    reply.headers(NO_STORE);
    return orderDetail(db, request.params.id, clock());
  });

  route(app, endpoints.adminRefundOrder, { config: perLearnerRateLimit(60) }, async (request, reply) => {
    const user = await requireRole(request, REFUND_STAFF);
    reply.headers(NO_STORE);
    return staffRefund(deps(request), actorOf(user), request.params.id, request.body);
  });
};
