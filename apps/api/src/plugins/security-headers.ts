import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Third-party scripts the product loads when configured (see apps/web/src/lib/analytics.ts). */
export const ANALYTICS_ORIGINS = ['https://www.googletagmanager.com', 'https://www.google-analytics.com'];
export const SESSION_RECORDING_ORIGINS = ['https://www.clarity.ms', 'https://*.clarity.ms'];

const origin = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy allows exactly what the product loads: its own scripts and styles, the
 * payment provider's checkout (script, frames, API), YouTube embeds for lessons, avatars from the sign-in
 * providers, and the analytics and recording scripts only when their ids are configured.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const scripts = ["'self'"];
  const connect = ["'self'"];
  const frames = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
  if (config.razorpay) {
    scripts.push(origin(config.razorpay.checkoutUrl));
    frames.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
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
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    // Radix and sonner position elements with inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:'],
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

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The SPA and its assets may be hosted on another origin (WEB_ORIGIN); thumbnails and media are fetched cross-origin then.
    crossOriginResourcePolicy: { policy: config.webOrigin === config.publicUrl ? 'same-origin' : 'cross-origin' },
  });
}
