import type { FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE } from '../auth/session.ts';

/**
 * Per-learner limits for the money routes: keyed by the session (hashed, so no token sits in the limiter's
 * store), else by address. Learners behind one office or campus address do not share a budget.
 */
export function perLearnerRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => {
        const token = request.cookies[SESSION_COOKIE];
        return token ? `learner:${hashToken(token)}` : `ip:${request.ip}`;
      },
    },
  };
}
