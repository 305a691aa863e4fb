import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, testConfig, useTestApp } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import { CONTACT_RATE_LIMIT } from '../modules/support/routes.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.ts';

describe('security headers', () => {
  const ctx = useTestApp({ seed: false });

  it('sends a Content-Security-Policy that allows only what the product loads, and no server banner', async () => {
    const res = await ctx.app.inject('/api/v1/health');
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
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@localhost/db',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'g',
      GITHUB_CLIENT_ID: 'h',
      GITHUB_CLIENT_SECRET: 'h',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsecret',
      ANALYTICS_ID: 'G-TEST',
    });
    const csp = contentSecurityPolicy(production);
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://checkout.razorpay.com', 'https://www.googletagmanager.com']),
    );
    expect(csp['script-src']).not.toContain('https://www.clarity.ms');
    expect(csp['upgrade-insecure-requests']).toEqual([]);
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
