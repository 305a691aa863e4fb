import { API_PREFIX } from '@kaushal/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The host name and port a Host header names (the port defaults to the scheme's), or null when unreadable. */
function parseHost(header: string | undefined, defaultPort: string): { name: string; port: string } | null {
  if (!header) return null;
  try {
    const url = new URL(`http://${header}`);
    if (url.username || url.password || url.pathname !== '/') return null;
    return { name: url.hostname.toLowerCase(), port: url.port || defaultPort };
  } catch {
    return null;
  }
}

/**
 * Outside production, every page is served on PUBLIC_URL's host. The server listens on 127.0.0.1 and
 * PUBLIC_URL defaults to http://localhost:PORT: both reach it, but cookies belong to one host name. A
 * learner who opened http://127.0.0.1:3000 got the sign-in state cookie on 127.0.0.1 while the provider sent
 * them back to localhost, and sign-in failed with "Your sign-in session expired". So a GET or HEAD that
 * reached this port under another name is redirected to the same path on PUBLIC_URL, before anything can set
 * a cookie (this hook runs first).
 *
 * Not redirected: other methods (a redirect would drop a body); API calls that are not the browser opening
 * a page (fetches, including those of a separately hosted web app at WEB_ORIGIN, curl, server-to-server);
 * a Host on another port (a proxy or dev server in front); and production, where the reverse proxy decides
 * which names the product answers to.
 */
export function registerCanonicalHost(app: FastifyInstance, config: Config) {
  if (config.isProduction) return;
  const publicUrl = new URL(config.publicUrl);
  const defaultPort = publicUrl.protocol === 'https:' ? '443' : '80';
  const canonical = { name: publicUrl.hostname.toLowerCase(), port: publicUrl.port || defaultPort };

  // Whether a Host header names another host on this port, by header: nearly every request sends the same one
  // or two, and parsing it as a URL for each request was a measurable share of a catalogue read. Bounded: the
  // header is the client's to choose.
  const elsewhere = new Map<string, boolean>();
  const isElsewhere = (header: string | undefined): boolean => {
    if (!header) return false;
    let answer = elsewhere.get(header);
    if (answer === undefined) {
      const host = parseHost(header, defaultPort);
      answer = Boolean(host && host.name !== canonical.name && host.port === canonical.port);
      if (elsewhere.size >= 256) elsewhere.clear();
      elsewhere.set(header, answer);
    }
    return answer;
  };

  // Callback style: no promise for the nearly every request that passes through.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isElsewhere(request.headers.host)) return done();
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith(`${API_PREFIX}/`);
    if (isApi && request.headers['sec-fetch-mode'] !== 'navigate') return done();
    // The path and query as sent, after PUBLIC_URL's origin as text: a path like //elsewhere stays a path there.
    const target = `${publicUrl.origin}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
    // Answered here: done() is not called, so no later hook or handler runs.
    reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
