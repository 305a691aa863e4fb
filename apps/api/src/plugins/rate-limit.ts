import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * Rate limits are declared per route (`config.rateLimit`). Counters live in memory, or in Redis when
 * REDIS_URL is set so that a limit holds across every API process. If Redis is unreachable requests are
 * served (fail open) and the error is logged: an outage of the counter store must not take the site down.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config) {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error.message }, 'rate-limit store (Redis) error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'kaushal-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      detail: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}
