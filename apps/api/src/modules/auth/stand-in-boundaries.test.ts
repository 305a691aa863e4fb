import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOAuth, fakeGoogleEnv, startFakeOAuth } from '../../../../../e2e/support/fake-oauth.ts';
import { TEST_ORIGIN, type TestContext, testConfig, useTestApp } from '../../../test/app.ts';
import { oauthAccounts, sessions, users } from '../../db/schema.ts';
import { SESSION_COOKIE } from './session.ts';
import { cookieJar, cookieNamed, runSignIn } from './test-support.ts';

/**
 * Where the development sign-in stand-in may run, and what it may sign in to (issue 24: with Google
 * configured and GitHub not, the GitHub stand-in signed anyone in as the Google learner of the email they typed).
 */
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN };
const NOT_AVAILABLE = (label: string) => `Sign-in with ${label} is not available right now.`;
const CONFLICT =
  'This email address belongs to an account made with a different kind of sign-in. Please sign in the way you first did.';
const EXCHANGE_FAILED = 'We could not complete signing in with Google. Please try again.';

/** Login → the stand-in's form → our callback, as a browser does it; `replay` sends the callback again. */
async function standInSignIn(ctx: TestContext, provider: 'google' | 'github', email: string) {
  const start = await ctx.app.inject(`/api/v1/auth/${provider}/login`);
  const pageUrl = new URL(String(start.headers.location));
  const submit = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/auth/dev/${provider}`,
    headers: FORM,
    payload: new URLSearchParams({
      state: pageUrl.searchParams.get('state') ?? 'missing-state-0000000000',
      code_challenge: pageUrl.searchParams.get('code_challenge') ?? 'missing-challenge-0000000',
      action: 'allow',
      name: 'Mallory',
      email,
    }).toString(),
  });
  const next = submit.statusCode === 303 ? new URL(String(submit.headers.location)) : undefined;
  const callback = (): Promise<LightMyRequestResponse | undefined> =>
    next
      ? ctx.app.inject({ url: `${next.pathname}${next.search}`, headers: { cookie: cookieJar(start) } })
      : Promise.resolve(undefined);
  const first = await callback();
  return {
    start,
    pageUrl,
    submit,
    callback: first,
    landing: first && new URL(String(first.headers.location)),
    replay: callback,
  };
}

const sessionsOf = async (ctx: TestContext, userId: string) =>
  ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));

let fake: FakeOAuth;
const googleOnly: Record<string, string> = { NODE_ENV: 'development' };
beforeAll(async () => {
  fake = await startFakeOAuth();
  Object.assign(googleOnly, fakeGoogleEnv(fake.url));
});
afterAll(async () => {
  await fake?.stop();
});

describe('Google configured, GitHub not (NODE_ENV development)', () => {
  const ctx = useTestApp({ seed: false, env: googleOnly });

  it('offers no GitHub stand-in, so nobody can type a Google learner’s email into it', async () => {
    const victim = await runSignIn(ctx.app, fake, 'google', { name: 'Asha', email: 'asha@example.com' });
    expect(victim.landing.searchParams.get('success')).toBe('true');
    const [asha] = await ctx.database.db.select().from(users).where(eq(users.email, 'asha@example.com'));
    if (!asha) throw new Error('the victim was not created');

    const attack = await standInSignIn(ctx, 'github', 'asha@example.com');
    // GitHub is simply not configured, as in production: back to /login with the message.
    expect(attack.start.statusCode).toBe(302);
    expect(`${attack.pageUrl.origin}${attack.pageUrl.pathname}`).toBe(`${TEST_ORIGIN}/login`);
    expect(attack.pageUrl.searchParams.get('error')).toBe(NOT_AVAILABLE('GitHub'));
    // The stand-in's pages are not there at all.
    expect(attack.submit.statusCode).toBe(404);
    const page = await ctx.app.inject(
      `/api/v1/auth/dev/github?state=${'s'.repeat(43)}&code_challenge=${'c'.repeat(43)}`,
    );
    expect(page.statusCode).toBe(404);
    expect(attack.callback).toBeUndefined();
    // Only the victim's own sign-in made a session.
    expect(await sessionsOf(ctx, asha.id)).toHaveLength(1);
  });

  it('a real provider never signs in to an account the stand-in made with the same email', async () => {
    // An account left from an earlier run on the stand-ins (anyone could have typed this email there).
    const [made] = await ctx.database.db
      .insert(users)
      .values({ email: 'kiran@example.com', name: 'Typed by someone' })
      .returning({ id: users.id });
    if (!made) throw new Error('no user');
    await ctx.database.db
      .insert(oauthAccounts)
      .values({ provider: 'github', providerAccountId: 'stand-in:kiran@example.com', userId: made.id });

    const run = await runSignIn(ctx.app, fake, 'google', { name: 'Kiran', email: 'kiran@example.com' });
    expect(run.landing.searchParams.get('error')).toBe(CONFLICT);
    expect(run.sessionToken).toBeUndefined();
    expect(await sessionsOf(ctx, made.id)).toHaveLength(0);
    const links = await ctx.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, made.id));
    expect(links.map((l) => l.provider)).toEqual(['github']);
  });
});

describe('no provider configured, on a loopback PUBLIC_URL (the default npm start)', () => {
  const ctx = useTestApp({ seed: false });

  it('a stand-in code signs in once; the same callback again is refused', async () => {
    const run = await standInSignIn(ctx, 'google', 'learner@example.com');
    expect(run.landing?.searchParams.get('success')).toBe('true');
    const replayed = await run.replay();
    expect(new URL(String(replayed?.headers.location)).searchParams.get('error')).toBe(EXCHANGE_FAILED);
    expect(replayed && cookieNamed(replayed, SESSION_COOKIE)?.value).toBeFalsy();
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
  });

  it('a stand-in identity never signs in to an account a real provider made', async () => {
    const [asha] = await ctx.database.db
      .insert(users)
      .values({ email: 'asha@example.com', name: 'Asha' })
      .returning({ id: users.id });
    if (!asha) throw new Error('no user');
    await ctx.database.db
      .insert(oauthAccounts)
      .values({ provider: 'google', providerAccountId: '110248495921238986420', userId: asha.id });

    const run = await standInSignIn(ctx, 'github', 'Asha@Example.com');
    expect(run.landing?.searchParams.get('error')).toBe(CONFLICT);
    expect(await sessionsOf(ctx, asha.id)).toHaveLength(0);
    const links = await ctx.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, asha.id));
    expect(links.map((l) => l.providerAccountId)).toEqual(['110248495921238986420']);
  });
});

describe('no provider configured, on a public PUBLIC_URL', () => {
  const ctx = useTestApp({ seed: false, env: { NODE_ENV: 'development', PUBLIC_URL: 'https://learn.example.com' } });

  it('runs no stand-in: the providers are not configured', async () => {
    for (const [provider, label] of [
      ['google', 'Google'],
      ['github', 'GitHub'],
    ] as const) {
      const start = await ctx.app.inject(`/api/v1/auth/${provider}/login`);
      const target = new URL(String(start.headers.location));
      expect(`${target.origin}${target.pathname}`).toBe('https://learn.example.com/login');
      expect(target.searchParams.get('error')).toBe(NOT_AVAILABLE(label));
      const page = await ctx.app.inject(
        `/api/v1/auth/dev/${provider}?state=${'s'.repeat(43)}&code_challenge=${'c'.repeat(43)}`,
      );
      expect(page.statusCode).toBe(404);
    }
  });
});

describe('which configurations run the stand-ins', () => {
  it.each([
    [{}, true],
    [{ PUBLIC_URL: 'http://127.0.0.1:3999' }, true],
    [{ PUBLIC_URL: 'http://[::1]:3999' }, true],
    [{ PUBLIC_URL: 'http://localhost' }, true],
    [{ PUBLIC_URL: 'https://learn.example.com' }, false],
    [{ PUBLIC_URL: 'http://192.168.1.20:3000' }, false],
    [{ PUBLIC_URL: 'http://localhost.example.com' }, false],
    [{ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }, false],
    [{ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }, false],
  ])('%j: %s', (env, standIns) => {
    expect(testConfig({ NODE_ENV: 'development', ...env }).oauthStandIns).toBe(standIns);
  });
});
