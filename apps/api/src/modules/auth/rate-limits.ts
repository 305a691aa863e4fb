import type { FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE } from './session.ts';

/**
 * Limits of the auth endpoints, per address unless said otherwise. Generous enough for many learners behind one address (offices,
 * carrier-grade NAT), low enough to stop a script hammering the providers or the session table.
 */
export const AUTH_RATE_LIMITS = {
  /** GET /auth/<provider>/login */
  start: { max: 120, timeWindow: '1 minute' },
  /** GET /auth/<provider>/callback */
  callback: { max: 120, timeWindow: '1 minute' },
  /** The development stand-in's sign-in page and form. */
  standIn: { max: 120, timeWindow: '1 minute' },
  /**
   * GET /auth/me: every page load asks it once. Counted per session when the request carries one (many
   * learners share an office or carrier address), else per address.
   */
  me: {
    max: 600,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? `session:${hashToken(token)}` : `ip:${request.ip}`;
    },
  },
  /** POST /auth/logout */
  logout: { max: 60, timeWindow: '1 minute' },
} as const;
