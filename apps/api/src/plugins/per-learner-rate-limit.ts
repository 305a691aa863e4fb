import type { FastifyRequest } from 'fastify';
import { currentUser } from '../modules/auth/index.ts';

/**
 * A route's rate limit per learner: keyed by the verified session, so learners behind one office or campus
 * address do not share a budget; without a valid session (none, expired or made up) by address, so random
 * cookie values neither escape the limit nor buy a budget each. The session lookup is the one the route makes
 * anyway (looked up once per request, so `recentSession` must be what the route's own lookup asks: see
 * currentUser). If it fails (database unavailable) the address is used.
 */
export function perLearnerRateLimit(max: number, options: { recentSession?: boolean } = {}) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: async (request: FastifyRequest) => {
        const user = await currentUser(request, { recent: options.recentSession }).catch(() => null);
        return user ? `session:${user.sessionId}` : `ip:${request.ip}`;
      },
    },
  };
}
