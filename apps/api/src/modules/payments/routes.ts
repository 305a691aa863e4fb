import {
  createOrderBodySchema,
  paymentConfigSchema,
  paymentOrderSchema,
  paymentStatusParamsSchema,
  paymentStatusSchema,
  routes,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentProvider } from '../../providers/payments/index.ts';
import { requireUser } from '../auth/session.ts';
import { createOrder, findOwnOrder, toPaymentStatus } from './orders.ts';
import { perLearnerRateLimit } from './rate-limit.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { verifyPayment } from './verify.ts';
import { webhookRoutes } from './webhook-routes.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, site } = app.deps;
  const provider = createPaymentProvider(config, (details, message) => app.log.error(details, message));

  app.get(
    routes.paymentConfig,
    { schema: { tags: ['payments'], response: { 200: paymentConfigSchema } } },
    async () => ({ keyId: provider.keyId, checkoutUrl: provider.checkoutUrl, sandbox: provider.kind === 'sandbox' }),
  );

  app.post(
    routes.createOrder,
    {
      config: perLearnerRateLimit(20),
      schema: { tags: ['payments'], body: createOrderBodySchema, response: { 200: paymentOrderSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return createOrder(db, provider, {
        user,
        courseId: request.body.courseId,
        pricingTierId: request.body.pricingTierId,
        productName: site.productName,
        now: clock(),
      });
    },
  );

  app.post(
    routes.verifyPayment,
    {
      config: perLearnerRateLimit(30),
      schema: { tags: ['payments'], body: verifyPaymentBodySchema, response: { 200: verifyPaymentResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return verifyPayment(db, provider, user.id, request.body, clock());
    },
  );

  app.get(
    routes.paymentStatus,
    { schema: { tags: ['payments'], params: paymentStatusParamsSchema, response: { 200: paymentStatusSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return toPaymentStatus(await findOwnOrder(db, user.id, request.params.id));
    },
  );

  await app.register(webhookRoutes(provider));
  if (provider.kind === 'sandbox') await app.register(sandboxRoutes(provider));
};
