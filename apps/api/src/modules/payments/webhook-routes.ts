import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { badRequest, unavailable } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { isValidWebhookSignature } from '../../providers/payments/signatures.ts';
import { handleWebhookEvent, webhookEventSchema } from './webhook-events.ts';

/**
 * POST /payments/webhook. The signature covers the exact bytes Razorpay sent, so this plugin (and only it)
 * keeps every body as the raw string; it is parsed as JSON after the signature checks out. It is exempt from
 * the Origin check: its signature is its authentication.
 */
export function webhookRoutes(provider: PaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock, outbox, config } = app.deps;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    route(
      app,
      endpoints.paymentWebhook,
      { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
      async (request) => {
        if (!provider.webhookSecret) {
          throw unavailable('Payment webhooks are not configured on this server.', 'webhook_not_configured');
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !isValidWebhookSignature(provider.webhookSecret, raw, signature)) {
          throw badRequest('The webhook signature is missing or does not match.', 'invalid_signature');
        }
        const event = webhookEventSchema.safeParse(parseJson(raw));
        if (!event.success) throw badRequest('The webhook body is not a Razorpay event.', 'invalid_event');
        const outcome = await handleWebhookEvent(
          { db, outbox, provider, invoicing: config.invoicing, clock, log: request.log },
          event.data,
          clock(),
          request.log,
        );
        return { success: true, message: outcome };
      },
    );
  };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
