import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SingleFlightCache } from './single-flight-cache.ts';

export interface CachedResponse<T> {
  value: T;
  /** The value serialised once, sent as-is to every reader. */
  body: string;
  etag: string;
}

/**
 * A small read-through cache for public, shared responses (the catalogue). Each entry lives `ttlMs`;
 * concurrent misses share one load (single flight); a failed load is not kept. The value is validated by
 * its contract schema and serialised once per fill, so a hit costs a map lookup and a string write.
 * A TTL (not events) bounds staleness, which also covers writes from other processes (`npm run seed`).
 */
export class ResponseCache {
  private readonly entries: SingleFlightCache<CachedResponse<unknown> | null>;

  constructor(ttlMs: number, maxEntries = 2000, now: () => number = Date.now) {
    this.entries = new SingleFlightCache(ttlMs, maxEntries, now);
  }

  /** The cached response for `key`, loading it on a miss. */
  get<T>(key: string, schema: z.ZodType<T>, load: () => Promise<T>): Promise<CachedResponse<T>> {
    return this.getOptional(key, schema, load) as Promise<CachedResponse<T>>;
  }

  /** As `get`, for loads that may find nothing (null is cached too, so unknown ids stay cheap). */
  getOptional<T>(key: string, schema: z.ZodType<T>, load: () => Promise<T | null>): Promise<CachedResponse<T> | null> {
    return this.entries.get(key, () =>
      load().then((raw) => {
        if (raw === null) return null;
        const value = schema.parse(raw);
        const body = JSON.stringify(value);
        return { value, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      }),
    ) as Promise<CachedResponse<T> | null>;
  }

  /** Whether `cached` is still what `key` answers: loaded, not expired, not replaced. */
  holds(key: string, cached: CachedResponse<unknown>): boolean {
    return this.entries.peek(key)?.value === cached;
  }

  clear() {
    this.entries.clear();
  }
}

/** Sends a cached body with its ETag; answers 304 when the client already has it. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse<unknown>,
  cacheControl: string,
) {
  reply.header('etag', cached.etag);
  if (request.headers['if-none-match'] === cached.etag)
    return reply.header('cache-control', cacheControl).code(304).send();
  return sendSerialised(reply, cached.body, cacheControl);
}

/** Sends JSON already validated by its contract schema and serialised (a cached body), as-is. */
export function sendSerialised(reply: FastifyReply, body: string, cacheControl: string) {
  return reply.header('cache-control', cacheControl).type('application/json; charset=utf-8').send(body);
}
