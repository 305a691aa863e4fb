import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOAuth, startFakeOAuth } from '../../../../../e2e/support/fake-oauth.ts';
import { TEST_ORIGIN, testConfig } from '../../../test/app.ts';
import { resetDatabase, testDatabase } from '../../../test/db.ts';
import { buildApp } from '../../app.ts';
import { loadSiteConfig } from '../../content/load.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { runSignIn } from './test-support.ts';

let fake: FakeOAuth;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeOAuth();
  const config = testConfig(fake.env);
  const database = await testDatabase();
  await resetDatabase(database);
  app = await buildApp({
    config,
    database,
    site: await loadSiteConfig(config.contentDir),
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.stop();
});

describe('auth hardening', () => {
  it('logs why a sign-in failed, and never a code, token or cookie', async () => {
    const ok = await runSignIn(app, fake, 'google', { name: 'Log', email: 'log@example.com' });
    expect(ok.sessionToken).toBeDefined();
    const failed = await runSignIn(app, fake, 'github', {
      name: 'Log',
      email: 'log@example.com',
      failTokenExchange: true,
    });
    expect(failed.landing.searchParams.get('error')).toBeTruthy();

    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((e) => e.msg === 'sign-in failed');
    expect(failure).toMatchObject({ provider: 'github', reason: 'token_exchange' });
    expect(JSON.stringify(failure?.cause)).toContain('bad_verification_code');
    expect(entries.find((e) => e.msg === 'signed in')).toMatchObject({ provider: 'google' });

    const all = logLines.join('\n');
    for (const secret of [
      ok.sessionToken ?? '',
      ok.providerRedirect.searchParams.get('code') ?? '',
      ok.providerRedirect.searchParams.get('state') ?? '',
      failed.providerRedirect.searchParams.get('code') ?? '',
    ]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(all).not.toContain(secret);
    }
    // Access tokens from the fake are JWTs.
    expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  it('rate limits starting a sign-in per address, with a readable 429', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < AUTH_RATE_LIMITS.start.max; i++) {
      const res = await app.inject({ url: '/api/v1/auth/google/login', remoteAddress: ip });
      expect(res.statusCode).toBe(302);
    }
    const limited = await app.inject({ url: '/api/v1/auth/github/login', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.json().detail).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await app.inject({ url: '/api/v1/auth/google/login', remoteAddress: '203.0.113.8' })).statusCode).toBe(302);
  });

  it('rate limits logout and the session probe', async () => {
    const ip = '203.0.113.9';
    const logout = () =>
      app.inject({ method: 'POST', url: '/api/v1/auth/logout', remoteAddress: ip, headers: { origin: TEST_ORIGIN } });
    for (let i = 0; i < AUTH_RATE_LIMITS.logout.max; i++) expect((await logout()).statusCode).toBe(204);
    expect((await logout()).statusCode).toBe(429);

    for (let i = 0; i < AUTH_RATE_LIMITS.me.max; i++) {
      expect((await app.inject({ url: '/api/v1/auth/me', remoteAddress: ip })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/api/v1/auth/me', remoteAddress: ip })).statusCode).toBe(429);
    // A request with a session is counted for that session, not for the busy address.
    const withSession = await app.inject({
      url: '/api/v1/auth/me',
      remoteAddress: ip,
      cookies: { kaushal_session: 'x'.repeat(43) },
    });
    expect(withSession.statusCode).toBe(401);
  });
});
