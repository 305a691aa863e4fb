import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';

/**
 * Limits on the Node HTTP server itself, against clients that hold sockets without finishing requests
 * (issue 24: headers with Content-Length: 60000, then one byte every 10 s, kept a connection for 400 s).
 *
 * - requestTimeout and headersTimeout: a client has REQUEST_TIMEOUT_MS (30 s) to send the headers and the whole
 *   body; then Node answers 408 and closes. Fastify sets requestTimeout to 0 (off) unless told otherwise, and
 *   Node checks these timeouts only every connectionsCheckingInterval (30 s by default), so the interval is
 *   shortened too: a slow client is cut within about a quarter of the timeout after it.
 * - A connection that sends nothing is not covered by those two, which start with a request's first byte: it
 *   is closed when it has not sent a whole request's headers within the same time. (Node's own socket idle
 *   timeout, Fastify's connectionTimeout, does not do it reliably: on Node 20 it stops firing for a silent
 *   socket once the timeout checks above run; and it would also cut a paused video's stalled response.)
 * - keepAliveTimeout stays Fastify's 72 s (Node applies it instead of the idle timeout between requests),
 *   longer than nginx's 60 s upstream keepalive, so the proxy closes an idle connection first and never sends
 *   a request on one the API is closing.
 * - MAX_CONNECTIONS_PER_CLIENT open connections per client address, beyond which a new connection is closed at
 *   once. Behind a reverse proxy (TRUST_PROXY) every connection is the proxy's, so the cap is off by default
 *   there and belongs to the proxy.
 *
 * Setting these after the server was created is supported by Node: it starts the timeout checks when the
 * server begins listening, with the values it has then.
 */
export function applyServerLimits(server: Server, config: Config, log: FastifyBaseLogger): void {
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = config.requestTimeoutMs;
  // A creation option in @types/node, but Node reads the property when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    50,
    Math.min(5_000, Math.floor(config.requestTimeoutMs / 4)),
  );
  closeConnectionsWithoutRequest(server, config.requestTimeoutMs);
  limitConnectionsPerClient(server, config.maxConnectionsPerClient, log);
}

/** Closes a connection whose first request's headers have not arrived `ms` after it opened. */
export function closeConnectionsWithoutRequest(server: Server, ms: number): void {
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    waiting.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  server.on('request', (request: IncomingMessage) => {
    const timer = waiting.get(request.socket);
    if (timer) {
      clearTimeout(timer);
      waiting.delete(request.socket);
    }
  });
}

/** Closes a client's connections beyond `max` open at once (counted per remote address); 0 = no limit. */
export function limitConnectionsPerClient(server: Server, max: number, log: FastifyBaseLogger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  // One warning per address each time it reaches the cap, not one per refused connection.
  const warned = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      if (!warned.has(address)) {
        warned.add(address);
        log.warn({ remoteAddress: address, max }, 'too many open connections from one address; closing new ones');
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      if (left < max) warned.delete(address);
    });
  });
}
