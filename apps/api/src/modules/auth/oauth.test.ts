import { userSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOAuth, startFakeOAuth } from '../../../../../e2e/support/fake-oauth.ts';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { oauthAccounts, sessions, users } from '../../db/schema.ts';
import { hashToken, SESSION_COOKIE } from './session.ts';
import { cookieNamed, runSignIn } from './test-support.ts';

let fake: FakeOAuth;
beforeAll(async () => {
  fake = await startFakeOAuth();
});
afterAll(async () => {
  await fake?.stop();
});

// The fake's URLs are known once it listens; useTestApp reads `env` when it builds the app, after beforeAll.
const env: Record<string, string> = {};
beforeAll(() => {
  Object.assign(env, fake.env);
});

const loginError = (landing: URL) => {
  expect(`${landing.origin}${landing.pathname}`).toBe(`${TEST_ORIGIN}/login`);
  expect(landing.searchParams.get('success')).toBeNull();
  return landing.searchParams.get('error');
};

describe('sign-in with Google and GitHub against a local OAuth server', () => {
  const ctx = useTestApp({ seed: false, env });
  const me = (token: string | undefined) =>
    ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });

  it('starts with a redirect to the provider carrying state, PKCE and our callback, in a short-lived HttpOnly cookie', async () => {
    const res = await ctx.app.inject('/api/v1/auth/google/login');
    expect(res.statusCode).toBe(302);
    const target = new URL(String(res.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(fake.env.GOOGLE_AUTH_URL);
    expect(target.searchParams.get('client_id')).toBe(fake.env.GOOGLE_CLIENT_ID);
    expect(target.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/v1/auth/google/callback`);
    expect(target.searchParams.get('response_type')).toBe('code');
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('scope')).toBe('openid email profile');
    const state = target.searchParams.get('state') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(32);
    const flow = cookieNamed(res, 'kaushal_oauth_google');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth', maxAge: 600 });
    expect(flow?.value.startsWith(`${state}.`)).toBe(true);

    const github = new URL(String((await ctx.app.inject('/api/v1/auth/github/login')).headers.location));
    expect(github.searchParams.get('scope')).toBe('read:user user:email');
    expect(github.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/v1/auth/github/callback`);
  });

  it('signs a learner in with Google: user, linked account, hashed session, HttpOnly cookie, /auth/me', async () => {
    const run = await runSignIn(ctx.app, fake, 'google', {
      name: 'Asha Menon',
      email: 'Asha.Menon@Example.com',
      avatarUrl: 'https://images.example.com/asha.png',
    });
    expect(run.callback.statusCode).toBe(302);
    expect(run.landing.toString()).toBe(`${TEST_ORIGIN}/login?success=true`);
    const cookie = cookieNamed(run.callback, SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The flow cookie is spent.
    expect(cookieNamed(run.callback, 'kaushal_oauth_google')?.value).toBe('');

    const res = await me(run.sessionToken);
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({
      email: 'asha.menon@example.com',
      name: 'Asha Menon',
      avatarUrl: 'https://images.example.com/asha.png',
    });
    expect(Object.keys(res.json()).sort()).toEqual(['avatarUrl', 'email', 'id', 'name', 'roles']);
    expect(res.headers['cache-control']).toBe('no-store');

    const accounts = await ctx.database.db.select().from(oauthAccounts);
    expect(accounts).toEqual([expect.objectContaining({ provider: 'google', userId: user.id })]);
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.map((r) => r.id)).toEqual([hashToken(run.sessionToken ?? '')]);
    expect(rows[0]?.id).not.toBe(run.sessionToken);
  });

  it('signs a learner in with GitHub using the verified primary email, and the login when there is no name', async () => {
    const run = await runSignIn(ctx.app, fake, 'github', { name: null, email: 'dev.raj@example.com' });
    expect(run.landing.toString()).toBe(`${TEST_ORIGIN}/login?success=true`);
    const user = userSchema.parse((await me(run.sessionToken)).json());
    expect(user).toMatchObject({ email: 'dev.raj@example.com', name: 'dev.raj', avatarUrl: null });
  });

  it('makes the same verified email from Google and GitHub one learner with two linked accounts', async () => {
    const google = await runSignIn(ctx.app, fake, 'google', { name: 'Meera Iyer', email: 'meera@example.com' });
    const github = await runSignIn(ctx.app, fake, 'github', { name: 'meera-gh', email: 'MEERA@example.com' });
    const a = userSchema.parse((await me(google.sessionToken)).json());
    const b = userSchema.parse((await me(github.sessionToken)).json());
    expect(b.id).toBe(a.id);
    expect(b.name).toBe('Meera Iyer');
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
    const linked = await ctx.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, a.id));
    expect(linked.map((l) => l.provider).sort()).toEqual(['github', 'google']);
  });

  it('rotates the session at sign-in: the session this browser had ends', async () => {
    const first = await runSignIn(ctx.app, fake, 'google', { name: 'Kiran', email: 'kiran@example.com' });
    const second = await runSignIn(
      ctx.app,
      fake,
      'google',
      { name: 'Kiran', email: 'kiran@example.com' },
      { cookie: `${SESSION_COOKIE}=${first.sessionToken}` },
    );
    expect(second.sessionToken).toBeDefined();
    expect(second.sessionToken).not.toBe(first.sessionToken);
    expect((await me(first.sessionToken)).statusCode).toBe(401);
    expect((await me(second.sessionToken)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
  });

  describe('failures land on /login with a readable error and sign nobody in', () => {
    const expectNobody = async (run: { callback: { cookies: Array<{ name: string; value: string }> } }) => {
      expect(run.callback.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);
      expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
    };

    it('a state that does not match the one this browser started with', async () => {
      const run = await runSignIn(
        ctx.app,
        fake,
        'google',
        { name: 'A', email: 'a@example.com' },
        { tamper: (url) => url.searchParams.set('state', 'x'.repeat(43)) },
      );
      expect(loginError(run.landing)).toBe(
        'Your sign-in session expired or was opened in another tab. Please try again.',
      );
      await expectNobody(run);
    });

    it('a callback without the state cookie (opened in another browser, or replayed)', async () => {
      const run = await runSignIn(ctx.app, fake, 'github', { name: 'A', email: 'a@example.com' });
      expect(run.sessionToken).toBeDefined();
      const replay = await ctx.app.inject(`${run.providerRedirect.pathname}${run.providerRedirect.search}`);
      expect(loginError(new URL(String(replay.headers.location)))).toBe(
        'Your sign-in session expired or was opened in another tab. Please try again.',
      );
    });

    it('a callback without a code', async () => {
      const run = await runSignIn(
        ctx.app,
        fake,
        'google',
        { name: 'A', email: 'a@example.com' },
        { tamper: (url) => url.searchParams.delete('code') },
      );
      expect(loginError(run.landing)).toBe('Google did not complete the sign-in. Please try again.');
      await expectNobody(run);
    });

    it('the learner refuses consent (error=access_denied)', async () => {
      const run = await runSignIn(ctx.app, fake, 'github', { name: 'A', email: 'a@example.com', deny: true });
      expect(run.providerRedirect.searchParams.get('error')).toBe('access_denied');
      expect(loginError(run.landing)).toBe('You cancelled signing in with GitHub.');
      await expectNobody(run);
    });

    it('another provider error', async () => {
      const run = await runSignIn(
        ctx.app,
        fake,
        'google',
        { name: 'A', email: 'a@example.com' },
        { tamper: (url) => url.searchParams.set('error', 'temporarily_unavailable') },
      );
      expect(loginError(run.landing)).toBe('Google could not sign you in. Please try again.');
      await expectNobody(run);
    });

    it.each([['google'], ['github']] as const)('the %s token endpoint refuses the code', async (provider) => {
      const run = await runSignIn(ctx.app, fake, provider, {
        name: 'A',
        email: 'a@example.com',
        failTokenExchange: true,
      });
      const label = provider === 'google' ? 'Google' : 'GitHub';
      expect(loginError(run.landing)).toBe(`We could not complete signing in with ${label}. Please try again.`);
      await expectNobody(run);
    });

    it('a forged code the provider never issued', async () => {
      const run = await runSignIn(
        ctx.app,
        fake,
        'google',
        { name: 'A', email: 'a@example.com' },
        { tamper: (url) => url.searchParams.set('code', 'forged-code') },
      );
      expect(loginError(run.landing)).toBe('We could not complete signing in with Google. Please try again.');
      await expectNobody(run);
    });

    it.each([['google'], ['github']] as const)('the %s profile call fails', async (provider) => {
      const run = await runSignIn(ctx.app, fake, provider, { name: 'A', email: 'a@example.com', failProfile: true });
      const label = provider === 'google' ? 'Google' : 'GitHub';
      expect(loginError(run.landing)).toBe(`We could not read your ${label} profile. Please try again.`);
      await expectNobody(run);
    });

    it('GitHub without a verified primary email', async () => {
      const run = await runSignIn(ctx.app, fake, 'github', {
        name: 'A',
        email: 'unverified@example.com',
        emailVerified: false,
      });
      expect(loginError(run.landing)).toBe(
        'Your GitHub account has no verified primary email address. Verify one on GitHub, then try again.',
      );
      await expectNobody(run);
    });

    it('Google with an unverified email', async () => {
      const run = await runSignIn(ctx.app, fake, 'google', {
        name: 'A',
        email: 'unverified@example.com',
        emailVerified: false,
      });
      expect(loginError(run.landing)).toBe(
        'Your Google email address is not verified. Verify it with Google, then try again.',
      );
      await expectNobody(run);
    });

    it('a malformed callback query', async () => {
      const run = await runSignIn(
        ctx.app,
        fake,
        'google',
        { name: 'A', email: 'a@example.com' },
        { tamper: (url) => url.searchParams.set('code', 'c'.repeat(5000)) },
      );
      expect(loginError(run.landing)).toBe('Google could not sign you in. Please try again.');
      await expectNobody(run);
    });
  });

  it('refuses an unknown provider', async () => {
    const res = await ctx.app.inject('/api/v1/auth/facebook/login');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/provider/);
  });
});
