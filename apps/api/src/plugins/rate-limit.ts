import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * Rate limits are declared per route (`config.rateLimit`). Counters live in memory, or in Redis when
 * REDIS_URL is set so that a limit holds across every API process. If Redis is unreachable requests are
 * served (fail open) and the error is logged: an outage of the counter store must not take the site down.
 */
/** How long start-up waits for Redis before serving with counters that fail open. */
const REDIS_READY_WAIT_MS = 2_000;

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
    // Commands are not queued while connecting (enableOfflineQueue: false), and a failed one lets the request
    // through uncounted: wait (briefly) for the connection, so the first requests after start are counted too.
    await Promise.race([once(redis, 'ready'), delay(REDIS_READY_WAIT_MS)]).catch(() => {});
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
