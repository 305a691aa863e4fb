import type { FastifyRequest } from 'fastify';
import { currentUser } from '../modules/auth/index.ts';

/**
 * A route's rate limit per learner: keyed by the verified session, so learners behind one office or campus
 * address do not share a budget; without a valid session (none, expired or made up) by address, so random
 * cookie values neither escape the limit nor buy a budget each. The session lookup is the one the route makes
 * anyway (looked up once per request). If it fails (database unavailable) the address is used.
 */
export function perLearnerRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: async (request: FastifyRequest) => {
        const user = await currentUser(request).catch(() => null);
        return user ? `session:${user.sessionId}` : `ip:${request.ip}`;
      },
    },
  };
}
