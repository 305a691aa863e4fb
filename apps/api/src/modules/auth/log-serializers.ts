import type { FastifyRequest } from 'fastify';

/**
 * Request log serializers for the sign-in routes: their query strings carry the authorization code and the
 * state (and the stand-in's codes carry the learner), so only the path is logged.
 */
export const pathOnlyRequestLog = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: `${req.url.split('?')[0]}${req.url.includes('?') ? '?[redacted]' : ''}`,
    host: req.host,
    remoteAddress: req.ip,
  }),
};
