import path from 'node:path';
import { healthSchema, routes } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unavailable } from '../../lib/errors.ts';

export const DEMO_VIDEO_KEY = 'demo.mp4';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;

  app.get(routes.health, { schema: { tags: ['system'], response: { 200: healthSchema } } }, async (_request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      throw unavailable('The database is not reachable.', 'database_unavailable');
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, database: 'ok' as const };
  });

  // The home page's demo video, streamed with HTTP Range support by @fastify/static.
  app.get(routes.demoVideo, { schema: { tags: ['system'] } }, (_request, reply) => {
    return reply.sendFile(DEMO_VIDEO_KEY, path.join(config.contentDir, 'media'), {
      maxAge: '1d',
      immutable: false,
      acceptRanges: true,
    });
  });
};
