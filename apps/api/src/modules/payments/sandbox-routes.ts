import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { conflict } from '../../lib/errors.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import type { SandboxProvider } from '../../providers/payments/index.ts';
import { sandboxCheckoutScript } from '../../providers/payments/sandbox-checkout.ts';
import { requireUser } from '../auth/index.ts';
import { findOwnOrder } from './orders.ts';

/**
 * The local payment sandbox's two endpoints, registered only when the sandbox stands in for Razorpay (never
 * in production): the checkout script, and "the card was charged" answered with a genuinely signed payment
 * for the caller's own unpaid order. The page then verifies it through the real /payments/verify.
 */
export function sandboxRoutes(provider: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.deps;
    const script = sandboxCheckoutScript();

    route(app, endpoints.sandboxCheckout, {}, async (_request, reply) => {
      return (
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          // A separately hosted web app loads this script from the API's origin.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(script)
      );
    });

    route(app, endpoints.sandboxPay, { config: perLearnerRateLimit(30) }, async (request) => {
      const user = await requireUser(request);
      const order = await findOwnOrder(db, user.id, request.body.orderId);
      if (order.status === 'paid' || order.status === 'refunded') {
        throw conflict('This order has already been paid.', 'order_already_paid');
      }
      const payment = provider.signPayment(order.id);
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.paymentId,
        razorpay_signature: payment.signature,
      };
    });
  };
}
