import type { FastifyReply, FastifyRequest } from 'fastify';
import fastify from 'fastify';

/**
 * One log line per request, written when it is answered: method, the route's pattern (never the URL, whose
 * query or path may carry a token: unsubscribe links, signed media), status, milliseconds, and the request id
 * the logger binds. Fastify's own two lines ("incoming request" with the serialized request, then "request
 * completed") cost twice the writes for less (decision 022).
 */
export class OneLinePerRequest extends fastify.LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An error here is the response stream failing after the handler answered (a client gone mid-body).
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
