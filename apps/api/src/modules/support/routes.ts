import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { AppError, unavailable } from '../../lib/errors.ts';
import { currentUser } from '../auth/index.ts';
import { submitContactMessage } from './service.ts';

/** Public write: a few messages per visitor (IP) in a window, enough for a person, too few for a flood. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 } as const;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, clock, site, outbox, config } = app.deps;
  const supportInbox = config.mail.supportInbox ?? site.supportEmail;

  route(
    app,
    endpoints.contactSubmit,
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: () =>
            new AppError(
              429,
              'rate_limited',
              `You have sent several messages in a short time. Please wait a few minutes and try again, or email us at ${site.supportEmail}.`,
            ),
        },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const result = await submitContactMessage({ db, outbox, supportInbox }, request.body, {
        userId: user?.id ?? null,
        now: clock(),
      });
      request.log.info({ ticketId: result.ticket_id, category: request.body.category }, 'contact message stored');
      return result;
    },
  );

  route(app, endpoints.contactHealth, {}, async (_request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      app.log.warn({ err: error }, 'contact health: database unreachable');
      throw unavailable('The contact service cannot take messages right now.', 'contact_unavailable');
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, service: 'contact' as const };
  });
};
