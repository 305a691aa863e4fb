import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { s3MediaOrigins } from '../providers/media/s3-media-store.ts';

/** Third-party scripts the product loads when configured (see apps/web/src/lib/analytics.ts). */
export const ANALYTICS_ORIGINS = ['https://www.googletagmanager.com', 'https://www.google-analytics.com'];
export const SESSION_RECORDING_ORIGINS = ['https://www.clarity.ms', 'https://*.clarity.ms'];

/** Razorpay's checkout runs in frames from these origins (and its script from RAZORPAY_CHECKOUT_URL's). */
export const RAZORPAY_FRAME_ORIGINS = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

const origin = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy allows exactly what the product loads: its own scripts and styles, the
 * payment provider's checkout (script, frames, API), YouTube embeds for lessons, avatars from the sign-in
 * providers, and the analytics and recording scripts only when their ids are configured.
 */
export function contentSecurityPolicy(config: Config, inlineScripts: string[] = []): Record<string, string[]> {
  const scripts = ["'self'", ...inlineScripts];
  const connect = ["'self'"];
  const frames = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
  if (config.razorpay) {
    scripts.push(origin(config.razorpay.checkoutUrl));
    frames.push(...RAZORPAY_FRAME_ORIGINS);
    connect.push('https://api.razorpay.com', 'https://lumberjack.razorpay.com');
  }
  if (config.analyticsId) {
    scripts.push(...ANALYTICS_ORIGINS);
    connect.push(...ANALYTICS_ORIGINS, 'https://*.google-analytics.com');
  }
  if (config.sessionRecordingId) {
    scripts.push(...SESSION_RECORDING_ORIGINS);
    connect.push(...SESSION_RECORDING_ORIGINS);
  }
  if (config.webOrigin !== config.publicUrl) connect.push(origin(config.webOrigin));
  // Media in a bucket: the player loads it from there (and HLS players fetch it), pictures too (decision 033).
  const mediaOrigins = config.mediaS3 ? s3MediaOrigins(config.mediaS3) : [];
  connect.push(...mediaOrigins);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    // Radix and sonner position elements with inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins.filter((o) => o.startsWith('http:'))],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'frame-src': frames,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.isProduction) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Browser features the product never uses are switched off for it and for every frame it embeds (YouTube,
 * Razorpay). Payment (the Payment Request API, which Razorpay's checkout may use for wallets) stays with the page
 * itself, where the payment sandbox runs, and Razorpay's checkout frames when Razorpay is configured.
 */
export function permissionsPolicy(config: Config): string {
  const payment = ['self', ...(config.razorpay ? RAZORPAY_FRAME_ORIGINS.map((o) => `"${o}"`) : [])];
  return `camera=(), microphone=(), geolocation=(), payment=(${payment.join(' ')})`;
}

/**
 * 'sha256-…' sources for the inline scripts of a page (index.html sets the stored theme before the first
 * paint with one): exactly those scripts may run, no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}

/**
 * helmet's headers, worked out once: helmet is run against a stand-in response when the app is built and the
 * headers it sets are kept. Its options never change while the process runs, and setting the headers on the raw
 * response for every request (helmet's way) measured about 5 % of a catalogue read's CPU: each `setHeader` is
 * validated, and once any header is on the raw response Node merges every other one into it by `setHeader` too
 * (decision 044).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const inlineScripts = existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, inlineScripts) },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The SPA and its assets may be hosted on another origin (WEB_ORIGIN); thumbnails and media are fetched cross-origin then.
    crossOriginResourcePolicy: { policy: config.webOrigin === config.publicUrl ? 'same-origin' : 'cross-origin' },
    // DENY, as the CSP's frame-ancestors 'none' says, for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
    // The product's own pages see where a visitor came from on this site (a Sign In link followed before the
    // app started on a server-drawn page returns there, decision 029); no other site is ever told anything.
    referrerPolicy: { policy: 'same-origin' },
  });
  const headers: Record<string, string> = { 'permissions-policy': permissionsPolicy(config) };
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous: it has called back (or thrown) before it returns.
  setHeaders({} as Parameters<typeof setHeaders>[0], response as unknown as Parameters<typeof setHeaders>[1], (e) => {
    failure = e;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of an answer that is JSON only (an API route whose every answer is JSON or has no body; decision 056).
 * Such an answer is never a document a browser draws: Content-Type and nosniff say so, and a policy of nothing
 * (`default-src 'none'`) and no framing covers a browser that opens it in a tab. What only a document uses (the
 * page's script and frame sources, Permissions-Policy, the opener and agent-cluster isolation, the old-browser
 * headers) is left out: about 700 of the 1,100 bytes every progress report, dashboard and catalogue answer carried.
 * Kept: nosniff, DENY, the cross-origin resource policy (no other site reads it as a subresource), the referrer
 * policy and, in production, HSTS.
 */
export function jsonAnswerHeaders(pageHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const kept = [
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ];
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none';frame-ancestors 'none'" };
  for (const name of kept) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every answer of this route is JSON or has no body: it carries jsonAnswerHeaders (set by `route()`). */
    jsonAnswers?: boolean;
  }
}

/**
 * The headers every response carries: the security headers above (the lean set on a JSON-only route) and the
 * request id (a support ticket quotes it; the request line logs it). Set where the reply keeps its headers, in
 * the first hook of every request, so an error, a redirect or a 404 carries them too, and a route may still
 * replace one (media: a cross-origin resource policy).
 */
export function registerResponseHeaders(app: FastifyInstance, config: Config) {
  const pageHeaders = securityHeaders(config);
  const jsonHeaders = jsonAnswerHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.jsonAnswers ? jsonHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
