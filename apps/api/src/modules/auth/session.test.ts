import { userSchema } from '@kaushal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOAuth, startFakeOAuth } from '../../../../../e2e/support/fake-oauth.ts';
import { PRODUCTION_TEST_ENV, TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { sessions } from '../../db/schema.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session.ts';
import { cookieNamed, runSignIn, signInAs } from './test-support.ts';

const DAY = 86_400_000;

describe('sessions: /auth/me and logout', () => {
  const ctx = useTestApp({ seed: false });
  const me = (cookie?: string) => ctx.app.inject({ url: '/api/v1/auth/me', headers: cookie ? { cookie } : {} });
  const logout = (cookie: string, origin = TEST_ORIGIN) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie, origin } });

  it('answers 401 with a readable detail when signed out, or with an unknown or malformed token', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=${'a'.repeat(43)}`, `${SESSION_COOKIE}=not-a-token`]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Please sign in to continue.', code: 'unauthorized' });
    }
  });

  it('answers the learner: id, email, name, avatarUrl, staff roles', async () => {
    const { userId, cookie } = await signInAs(ctx.database.db, { email: 'ravi@example.com', name: 'Ravi' });
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(userSchema.parse(res.json())).toEqual({
      id: userId,
      email: 'ravi@example.com',
      name: 'Ravi',
      avatarUrl: null,
      roles: [],
    });
  });

  it('logout deletes the session and clears the cookie; the old token is refused afterwards', async () => {
    const { cookie } = await signInAs(ctx.database.db, { email: 'ravi@example.com' });
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await logout(cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = cookieNamed(res, SESSION_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
    // A copy of the cookie kept by someone else (or a replay) no longer works.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('logout without a session still answers 204 (nothing to end)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(204);
  });

  it('refuses a cross-origin POST with 403 and keeps the session', async () => {
    const { cookie } = await signInAs(ctx.database.db, { email: 'ravi@example.com' });
    const res = await logout(cookie, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'This request came from another site and was refused.', code: 'bad_origin' });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('expires a session 30 days after its last use, and slides the expiry while it is used', async () => {
    const { cookie } = await signInAs(ctx.database.db, { email: 'ravi@example.com' }, ctx.clock.now);
    const start = ctx.clock.now.getTime();
    ctx.clock.now = new Date(start + 20 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(sessions);
    expect(row?.expiresAt.getTime()).toBe(start + 20 * DAY + SESSION_TTL_MS);
    // 40 days after sign-in, but 20 after the last use: still signed in.
    ctx.clock.now = new Date(start + 40 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    // A month of silence ends it.
    ctx.clock.now = new Date(start + 71 * DAY);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('session cookie attributes by configuration', () => {
  let fake: FakeOAuth;
  // Production refuses to start without every real secret and provider; these satisfy it (the database
  // itself is the test's, so DATABASE_URL is never dialled).
  const production: Record<string, string> = {
    ...PRODUCTION_TEST_ENV,
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
  };
  const crossSite: Record<string, string> = { WEB_ORIGIN: 'https://app.example.com' };
  const otherPort: Record<string, string> = { WEB_ORIGIN: 'http://localhost:5173' };
  beforeAll(async () => {
    fake = await startFakeOAuth();
    Object.assign(production, fake.env);
    Object.assign(crossSite, fake.env);
    Object.assign(otherPort, fake.env);
  });
  afterAll(async () => {
    await fake?.stop();
  });

  describe('in production', () => {
    const ctx = useTestApp({ seed: false, env: production });
    it('the session cookie is Secure, HttpOnly, SameSite=Lax, Path=/, and so is the sign-in state cookie', async () => {
      const run = await runSignIn(ctx.app, fake, 'google', { name: 'P', email: 'p@example.com' });
      expect(run.landing.toString()).toBe(`${TEST_ORIGIN}/login?success=true`);
      expect(cookieNamed(run.callback, SESSION_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cookieNamed(run.start, 'kaushal_oauth_google')).toMatchObject({ secure: true, httpOnly: true });
    });

    it('has no development stand-in page', async () => {
      const res = await ctx.app.inject(
        `/api/v1/auth/dev/google?state=${'s'.repeat(43)}&code_challenge=${'c'.repeat(43)}`,
      );
      expect(res.statusCode).toBe(404);
    });
  });

  describe('with the SPA on another origin (WEB_ORIGIN)', () => {
    const ctx = useTestApp({ seed: false, env: crossSite });
    it('the session cookie is SameSite=None and Secure, and the learner lands on the SPA origin', async () => {
      const run = await runSignIn(ctx.app, fake, 'github', { name: 'X', email: 'x@example.com' });
      expect(run.landing.toString()).toBe('https://app.example.com/login?success=true');
      expect(cookieNamed(run.callback, SESSION_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'None',
        path: '/',
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { origin: 'https://app.example.com', cookie: `${SESSION_COOKIE}=${run.sessionToken}` },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      // Cleared with the attributes it was set with, or a browser would keep it.
      expect(cookieNamed(res, SESSION_COOKIE)).toMatchObject({ value: '', secure: true, sameSite: 'None' });
    });
  });

  describe('with the SPA on another port of the same host (the Vite dev server)', () => {
    const ctx = useTestApp({ seed: false, env: otherPort });
    it('the session cookie stays SameSite=Lax (same site), and the learner lands on the SPA origin', async () => {
      const run = await runSignIn(ctx.app, fake, 'google', { name: 'V', email: 'v@example.com' });
      expect(run.landing.toString()).toBe('http://localhost:5173/login?success=true');
      const cookie = cookieNamed(run.callback, SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
    });
  });
});
