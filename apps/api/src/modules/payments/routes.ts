import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireUser } from '../auth/index.ts';
import { quoteCoupon, redeemFreeCoupon } from './coupon-checkout.ts';
import { createOrder, findOwnOrder, listOwnOrders, toPaymentStatus } from './orders.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { verifyPayment } from './verify.ts';
import { webhookRoutes } from './webhook-routes.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, site, outbox, config, payments: provider } = app.deps;

  route(app, endpoints.paymentConfig, {}, async () => ({
    keyId: provider.keyId,
    checkoutUrl: provider.checkoutUrl,
    sandbox: provider.kind === 'sandbox',
  }));

  route(app, endpoints.createOrder, { config: perLearnerRateLimit(20) }, async (request) => {
    const user = await requireUser(request);
    return createOrder(db, provider, {
      user,
      courseId: request.body.courseId,
      pricingTierId: request.body.pricingTierId,
      couponCode: request.body.couponCode,
      productName: site.productName,
      now: clock(),
    });
  });

  route(app, endpoints.couponQuote, { config: perLearnerRateLimit(30) }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    const { courseId, pricingTierId, code } = request.query;
    return quoteCoupon(db, user.id, { courseId, pricingTierId, code }, clock());
  });

  route(app, endpoints.redeemCoupon, { config: perLearnerRateLimit(20) }, async (request) => {
    const user = await requireUser(request);
    const { courseId, pricingTierId, couponCode } = request.body;
    await redeemFreeCoupon({ db, outbox }, user, { courseId, pricingTierId, code: couponCode }, clock());
    return { success: true, message: 'You are enrolled in the course.' };
  });

  route(app, endpoints.verifyPayment, { config: perLearnerRateLimit(30) }, async (request) => {
    const user = await requireUser(request);
    return verifyPayment({ db, outbox, invoicing: config.invoicing }, provider, user.id, request.body, clock());
  });

  route(app, endpoints.paymentStatus, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return toPaymentStatus(await findOwnOrder(db, user.id, request.params.id));
  });

  route(app, endpoints.myOrders, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return listOwnOrders(db, user.id);
  });

  await app.register(webhookRoutes(provider));
  if (provider.kind === 'sandbox') await app.register(sandboxRoutes(provider));
};
