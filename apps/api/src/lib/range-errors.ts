import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route error handler for files sent with Range support: a range past the end answers 416 with the
 * Content-Range (with the total size) the file sender computed, which the app-wide error handler would drop, so a
 * player or a download manager learns the real size. Any other error goes on to the app-wide handler.
 */
export function rangeNotSatisfiable(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.statusCode !== 416) throw error;
  const contentRange = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
  if (contentRange) reply.header('content-range', contentRange);
  return reply.code(416).send({ detail: 'The requested range is outside the file.', code: 'range_not_satisfiable' });
}
