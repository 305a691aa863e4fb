import { Writable } from 'node:stream';
import { userSchema } from '@kaushal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, TEST_ORIGIN, testConfig, useTestApp } from '../../../test/app.ts';
import { resetDatabase, testDatabase } from '../../../test/db.ts';
import { buildApp } from '../../app.ts';
import { loadSiteConfig } from '../../content/load.ts';
import { auditLog, users } from '../../db/schema.ts';
import { SESSION_COOKIE } from './session.ts';
import { cookieJar, cookieNamed } from './test-support.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN };

describe('the development stand-in (no client id and secret, outside production)', () => {
  const ctx = useTestApp({ seed: false });

  /** Login → the stand-in page → its form → our callback, as the browser does it. */
  async function standInSignIn(
    provider: 'google' | 'github',
    fields: Record<string, string>,
    tamper?: (callback: URL) => void,
  ) {
    const start = await ctx.app.inject(`/api/v1/auth/${provider}/login`);
    expect(start.statusCode).toBe(302);
    const pageUrl = new URL(String(start.headers.location));
    expect(`${pageUrl.origin}${pageUrl.pathname}`).toBe(`${TEST_ORIGIN}/api/v1/auth/dev/${provider}`);
    const page = await ctx.app.inject(`${pageUrl.pathname}${pageUrl.search}`);
    const form = new URLSearchParams({
      state: pageUrl.searchParams.get('state') ?? '',
      code_challenge: pageUrl.searchParams.get('code_challenge') ?? '',
      ...fields,
    });
    const submit = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/dev/${provider}`,
      headers: FORM,
      payload: form.toString(),
    });
    const next = submit.statusCode === 303 ? new URL(String(submit.headers.location)) : undefined;
    if (next) tamper?.(next);
    const callback = next
      ? await ctx.app.inject({ url: `${next.pathname}${next.search}`, headers: { cookie: cookieJar(start) } })
      : undefined;
    return { start, page, submit, next, callback, landing: callback && new URL(String(callback.headers.location)) };
  }

  it('shows an accessible page that says plainly it is the local stand-in, prefilled for a demo learner', async () => {
    const { page } = await standInSignIn('google', { action: 'deny' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    // So that Chrome sends the form with our Origin (under no-referrer it sends `Origin: null`, refused): the
    // product's policy (security-headers.ts).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Sign in with Google \(development stand-in\) \| .+<\/title>/);
    expect(html).toContain('<h1>Sign in with Google</h1>');
    expect(html).toContain('This is the local development stand-in for Google sign-in.');
    expect(html).toContain('<label for="name">Name</label>');
    expect(html).toMatch(/<input id="name" name="name" type="text" value="Demo Learner" required/);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email" value="learner@example.com" required/);
    expect(html).toContain('<button type="submit" name="action" value="allow">Sign in</button>');
    // No SMTP_URL here: the email the product sends is in the development mailbox, linked from the page.
    expect(html).toContain('<a href="/dev/mailbox">Open the development mailbox</a>');
    expect((await ctx.app.inject('/dev/mailbox')).statusCode).toBe(200);
  });

  it('signs the demo learner in through the normal callback (state and PKCE checked)', async () => {
    const run = await standInSignIn('github', { action: 'allow', name: 'Demo Learner', email: 'Learner@Example.com' });
    expect(run.submit.statusCode).toBe(303);
    expect(run.next?.pathname).toBe('/api/v1/auth/github/callback');
    expect(run.landing?.toString()).toBe(`${TEST_ORIGIN}/login?success=true`);
    const token = run.callback && cookieNamed(run.callback, SESSION_COOKIE)?.value;
    const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(userSchema.parse(me.json())).toMatchObject({ name: 'Demo Learner', email: 'learner@example.com' });
  });

  it('offers the demo admin, who lands with the admin role (granted once, audited)', async () => {
    const { page } = await standInSignIn('google', { action: 'deny' });
    expect(page.body).toContain('<button type="submit">Sign in as the demo admin</button>');
    expect(page.body).toContain('<input type="hidden" name="email" value="admin@example.com">');
    for (let i = 0; i < 2; i++) {
      const run = await standInSignIn('google', { action: 'allow', name: 'Demo Admin', email: 'admin@example.com' });
      const token = run.callback && cookieNamed(run.callback, SESSION_COOKIE)?.value;
      const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(me.json()).toMatchObject({ email: 'admin@example.com', roles: ['admin'] });
    }
    const grants = await ctx.database.db.select().from(auditLog);
    expect(grants).toMatchObject([{ action: 'role.grant', actorEmail: 'ADMIN_EMAILS', after: { role: 'admin' } }]);
  });

  it('Cancel comes back as a refused consent', async () => {
    const run = await standInSignIn('google', { action: 'deny' });
    expect(run.landing?.searchParams.get('error')).toBe('You cancelled signing in with Google.');
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('re-shows the form with a message for a missing name or a bad email', async () => {
    const run = await standInSignIn('google', { action: 'allow', name: ' ', email: 'not-an-email' });
    expect(run.submit.statusCode).toBe(400);
    expect(run.submit.body).toContain('Enter a name (up to 80 characters) and a valid email address.');
    expect(run.submit.body).toContain('value="not-an-email"');
  });

  it('escapes what it echoes', async () => {
    const run = await standInSignIn('google', { action: 'allow', name: '<script>x</script>', email: '"><b>' });
    expect(run.submit.body).not.toContain('<script>x</script>');
    expect(run.submit.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(run.submit.body).not.toContain('"><b>');
  });

  it('a code whose PKCE challenge is not this browser’s is refused at the exchange', async () => {
    const start = await ctx.app.inject('/api/v1/auth/google/login');
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev/google',
      headers: FORM,
      payload: new URLSearchParams({
        state,
        code_challenge: 'A'.repeat(43),
        action: 'allow',
        name: 'Mallory',
        email: 'mallory@example.com',
      }).toString(),
    });
    const next = new URL(String(submit.headers.location));
    const callback = await ctx.app.inject({
      url: `${next.pathname}${next.search}`,
      headers: { cookie: cookieJar(start) },
    });
    expect(new URL(String(callback.headers.location)).searchParams.get('error')).toBe(
      'We could not complete signing in with Google. Please try again.',
    );
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('a code altered after it was issued is refused', async () => {
    const untouched = await standInSignIn('google', { action: 'allow', name: 'A', email: 'a@example.com' });
    expect(untouched.landing?.searchParams.get('success')).toBe('true');
    const run = await standInSignIn('google', { action: 'allow', name: 'B', email: 'b@example.com' }, (callback) => {
      const [body, mac] = (callback.searchParams.get('code') ?? '').split('.');
      const payload = Buffer.from(body ?? '', 'base64url')
        .toString()
        .replace('b@example.com', 'a@example.com');
      callback.searchParams.set('code', `${Buffer.from(payload).toString('base64url')}.${mac}`);
    });
    expect(run.landing?.searchParams.get('error')).toBe(
      'We could not complete signing in with Google. Please try again.',
    );
    expect((await ctx.database.db.select().from(users)).map((u) => u.email)).toEqual(['a@example.com']);
  });

  it('refuses the form from another origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev/google',
      headers: { ...FORM, origin: 'https://evil.example' },
      payload: 'action=allow',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the development stand-in with SMTP configured (no development mailbox)', () => {
  const ctx = useTestApp({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });

  it('does not link the mailbox, which does not exist', async () => {
    const start = await ctx.app.inject('/api/v1/auth/google/login');
    const pageUrl = new URL(String(start.headers.location));
    const page = await ctx.app.inject(`${pageUrl.pathname}${pageUrl.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Sign in with Google</h1>');
    expect(page.body).not.toContain('/dev/mailbox');
    expect((await ctx.app.inject('/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('a provider without credentials in production (defence behind the start-up check)', () => {
  let app: FastifyInstance | undefined;
  const lines: string[] = [];
  afterAll(async () => {
    await app?.close();
  });

  it('refuses the sign-in with a clear message on /login and logs why', async () => {
    const config = testConfig({ ...PRODUCTION_TEST_ENV, DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' });
    config.oauth.github = null;
    const database = await testDatabase();
    await resetDatabase(database);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config,
      database,
      site: await loadSiteConfig(config.contentDir),
      logger: { level: 'warn', stream },
    });
    const res = await app.inject('/api/v1/auth/github/login');
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toBe(
      `${TEST_ORIGIN}/login?error=${encodeURIComponent('Sign-in with GitHub is not available right now.').replaceAll('%20', '+')}`,
    );
    expect(lines.join('')).toContain('sign-in provider is not configured');
  });
});
