import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FakeOAuth, FakeProfile } from '../../../../../e2e/support/fake-oauth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { createSession, SESSION_COOKIE } from './session.ts';

/**
 * Helpers for API tests (not bundled: only tests import this file).
 * `signInAs` makes a signed-in learner directly in the database, for tests of other areas;
 * `runSignIn` drives the real OAuth flow against the fake provider, like a browser would.
 */
export async function signInAs(
  db: Db,
  person: { email: string; name?: string; avatarUrl?: string | null },
  now = new Date(),
): Promise<{ userId: string; cookie: string; token: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email: person.email.toLowerCase(),
      name: person.name ?? 'Test Learner',
      avatarUrl: person.avatarUrl ?? null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  const { token } = await createSession(db, user.id, now);
  return { userId: user.id, token, cookie: `${SESSION_COOKIE}=${token}` };
}

type InjectCookie = LightMyRequestResponse['cookies'][number];

export const cookieNamed = (res: LightMyRequestResponse, name: string): InjectCookie | undefined =>
  res.cookies.find((c) => c.name === name);

/** The cookies a browser would send back from these responses (name=value; …), later ones winning. */
export function cookieJar(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const res of responses) {
    for (const c of res.cookies) {
      const cleared = c.value === '' || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (cleared) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export interface SignInRun {
  /** The start (redirect to the provider). */
  start: LightMyRequestResponse;
  /** Where the provider sent the browser back (our callback URL with code/state or error). */
  providerRedirect: URL;
  /** The callback's answer (redirect to the SPA). */
  callback: LightMyRequestResponse;
  /** The callback's Location, parsed. */
  landing: URL;
  /** The new session cookie value, when the sign-in succeeded. */
  sessionToken: string | undefined;
}

/**
 * One sign-in as a browser does it: our login redirects to the fake provider, the fake (told who signs in by
 * its cookie) redirects back with a code, our callback exchanges it. `tamper` may change the callback URL.
 */
export async function runSignIn(
  app: FastifyInstance,
  fake: FakeOAuth,
  provider: 'google' | 'github',
  profile: FakeProfile,
  options: { cookie?: string; tamper?: (callback: URL) => void } = {},
): Promise<SignInRun> {
  const start = await app.inject({
    url: `/api/v1/auth/${provider}/login`,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  if (start.statusCode !== 302) throw new Error(`login answered ${start.statusCode}: ${start.body}`);
  const atProvider = await fetch(String(start.headers.location), {
    redirect: 'manual',
    headers: { cookie: fake.cookieFor(profile) },
  });
  const providerRedirect = new URL(atProvider.headers.get('location') ?? '');
  options.tamper?.(providerRedirect);
  const jar = [options.cookie, cookieJar(start)].filter(Boolean).join('; ');
  const callback = await app.inject({
    url: `${providerRedirect.pathname}${providerRedirect.search}`,
    headers: { cookie: jar },
  });
  return {
    start,
    providerRedirect,
    callback,
    landing: new URL(String(callback.headers.location)),
    sessionToken: cookieNamed(callback, SESSION_COOKIE)?.value || undefined,
  };
}
