import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, TEST_ORIGIN, testConfig, useTestApp } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import { CONTACT_RATE_LIMIT } from '../modules/support/routes.ts';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  jsonAnswerHeaders,
  permissionsPolicy,
  securityHeaders,
} from './security-headers.ts';

describe('security headers', () => {
  const ctx = useTestApp({ seed: false });

  it('sends a Content-Security-Policy that allows only what the product loads, and no server banner', async () => {
    const res = await ctx.app.inject('/courses');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.youtube.com https://www.youtube-nocookie.com');
    expect(csp).not.toContain('razorpay');
    expect(csp).not.toContain('googletagmanager');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds the payment provider and analytics origins only when they are configured, and HSTS in production', () => {
    const production = testConfig({
      ...PRODUCTION_TEST_ENV,
      ANALYTICS_ID: 'G-TEST',
    });
    const csp = contentSecurityPolicy(production);
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://checkout.razorpay.com', 'https://www.googletagmanager.com']),
    );
    expect(csp['script-src']).not.toContain('https://www.clarity.ms');
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('refuses to be framed with X-Frame-Options DENY, agreeing with frame-ancestors, on pages and the API alike', async () => {
    for (const url of ['/courses', '/api/v1/health', '/api/v1/nothing-here']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers a JSON-only route with the headers a JSON answer needs, and nothing only a page uses', async () => {
    const page = await ctx.app.inject('/courses');
    for (const url of ['/api/v1/health', '/api/v1/courses?page=1&size=9', '/api/v1/auth/me']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['content-type'], url).toContain('application/json');
      // Nothing may load or run in it, should a browser open it in a tab.
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-request-id'], url).toBeTruthy();
      for (const pageOnly of [
        'permissions-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
      ]) {
        expect(page.headers[pageOnly], pageOnly).toBeDefined();
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it('keeps the page headers on answers that are not JSON only (a certificate PDF, an unknown API path)', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v1/certificates/unknown-id/pdf']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['permissions-policy'], url).toBe('camera=(), microphone=(), geolocation=(), payment=(self)');
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
  });

  it('sends HSTS on JSON answers too in production', () => {
    const production = jsonAnswerHeaders(securityHeaders(testConfig(PRODUCTION_TEST_ENV)));
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('tells no other site where a visitor was (Referrer-Policy same-origin), on pages and the API alike', async () => {
    for (const url of ['/api/v1/health', '/courses', '/login']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('sends a Permissions-Policy: no camera, microphone or geolocation; payment for the page itself only', async () => {
    for (const url of ['/courses', '/login', '/api/v1/nothing-here']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['permissions-policy'], url).toBe('camera=(), microphone=(), geolocation=(), payment=(self)');
    }
  });

  it('allows payment to Razorpay’s checkout frames as well when Razorpay is configured', () => {
    const config = testConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'k' });
    expect(permissionsPolicy(config)).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")',
    );
    // The same origins the Content-Security-Policy lets the page frame.
    for (const origin of ['https://api.razorpay.com', 'https://checkout.razorpay.com']) {
      expect(contentSecurityPolicy(config)['frame-src']).toContain(origin);
    }
  });
});

describe('/api/docs (API_DOCS)', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const appWith = async (env: Record<string, string>) => {
    const config = testConfig(env);
    const app = await buildApp({
      config,
      database: await testDatabase(),
      site: await loadSiteConfig(config.contentDir),
      logger: false,
    });
    apps.push(app);
    return app;
  };

  it('serves the API documentation when on (the default outside production)', async () => {
    const app = await appWith({});
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers 404 on every docs path when off (the default in production)', async () => {
    const app = await appWith({ API_DOCS: 'false' });
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('inline scripts', () => {
  it("allows exactly the page's own inline scripts, by hash, and no other", () => {
    const hashes = inlineScriptHashes('<script>paint()</script><script type="module" src="/a.js"></script>');
    // sha256("paint()"), base64
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update('paint()').digest('base64')}'`]);
    const csp = contentSecurityPolicy(testConfig(), hashes);
    expect(csp['script-src']).toEqual(["'self'", ...hashes]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });
});

/** Needs a Redis server: CI sets TEST_REDIS_URL; a newcomer's `npm test` runs without it. */
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('rate limits shared through Redis', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('counts one limit across two API processes', async () => {
    const database = await testDatabase();
    for (let i = 0; i < 2; i++) {
      const config = testConfig({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
      const app = await buildApp({ config, database, site: await loadSiteConfig(config.contentDir), logger: false });
      await app.ready();
      apps.push(app);
    }
    // A fresh address per run, so counters left in Redis by an earlier run do not count.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/contact/submit',
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN },
        payload: {
          name: 'Asha',
          email: 'asha@example.com',
          subject: `Hello ${randomUUID()}`,
          category: 'general',
          message: 'A question about the courses.',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(apps[i % 2] as FastifyInstance)).statusCode);
    const firstLimited = statuses.indexOf(429);
    // Shared counters limit after `max` requests in all; per-process counters would allow twice as many.
    expect(firstLimited).toBe(CONTACT_RATE_LIMIT.max);
    expect(statuses.slice(0, firstLimited).every((s) => s === 200)).toBe(true);
    const limited = await send(apps[0] as FastifyInstance);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.json().detail).toBeTruthy();
  });
});
