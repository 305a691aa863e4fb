import { API_PREFIX, endpoints } from '@kaushal/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Verified by their own signatures, not by the browser's Origin. */
const EXEMPT = new Set([
  `${API_PREFIX}${endpoints.paymentWebhook.path}`,
  // A mail client's one-click unsubscribe (RFC 8058), authorised by the signed token in its URL.
  `${API_PREFIX}${endpoints.emailUnsubscribe.path}`,
]);

/**
 * CSRF defence in depth beside SameSite cookies: a state-changing request that names an Origin must name
 * one of ours. Requests without Origin (server-to-server, curl) carry no ambient browser credentials worth
 * forging, but browsers always send Origin on cross-site POSTs.
 */
export function registerOriginCheck(app: FastifyInstance) {
  const { config } = app.deps;
  const allowed = new Set([new URL(config.publicUrl).origin, new URL(config.webOrigin).origin]);
  // Callback style: no promise for the reads that make most requests.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const pathname = request.url.split('?')[0] ?? '';
    if (EXEMPT.has(pathname)) return done();
    const origin = request.headers.origin;
    const refused = origin === undefined ? request.headers['sec-fetch-site'] === 'cross-site' : !allowed.has(origin);
    done(refused ? forbidden('This request came from another site and was refused.', 'bad_origin') : undefined);
  });
}
