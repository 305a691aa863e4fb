import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { healthSchema, routes } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unauthorized, unavailable } from '../../lib/errors.ts';

export const DEMO_VIDEO_KEY = 'demo.mp4';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, metrics } = app.deps;

  // Liveness: the process answers. Readiness (below) also needs the database.
  app.get(routes.healthLive, { schema: { tags: ['system'] } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

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

  // Prometheus exposition, for operators only: a bearer token (METRICS_TOKEN), compared in constant time.
  app.get(routes.metrics, { schema: { hide: true } }, async (request, reply) => {
    if (!config.metricsToken) throw notFound('Metrics are not enabled on this server.', 'metrics_disabled');
    const given = Buffer.from(request.headers.authorization?.replace(/^Bearer /i, '') ?? '');
    const expected = Buffer.from(config.metricsToken);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized('A valid metrics token is required.');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
