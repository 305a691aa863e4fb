import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/**
 * A local stand-in for Google and GitHub, for browser and API tests: oauth2-mock-server runs the real
 * authorization-code flow (redirects, PKCE check, token endpoint), and a few routes beside it answer
 * GitHub's REST API (/user, /user/emails).
 *
 * Who signs in is shaped per test by a cookie on the fake's own origin (FAKE_PROFILE_COOKIE, JSON of a
 * FakeProfile): the browser sends it to the authorize endpoint, the fake binds it to the code it issues,
 * then to the access token, then answers the profile calls with it. Tests in parallel browser contexts
 * (or API tests sending the cookie themselves) therefore never see each other's users.
 */
export const FAKE_PROFILE_COOKIE = 'fake_oauth_profile';
export const FAKE_CLIENT = {
  google: { id: 'fake-google-client', secret: 'fake-google-secret' },
  github: { id: 'fake-github-client', secret: 'fake-github-secret' },
} as const;

export interface FakeProfile {
  name: string | null;
  email: string;
  /** The provider's account id; defaults to one derived from the email, so a person keeps their id. */
  id?: string;
  avatarUrl?: string | null;
  /** Google's email_verified; GitHub's verified flag on the primary email. Default true. */
  emailVerified?: boolean;
  /** The learner refuses consent: the provider redirects back with error=access_denied. */
  deny?: boolean;
  /** The token endpoint refuses the code (Google: 400 invalid_grant; GitHub: 200 with an error body). */
  failTokenExchange?: boolean;
  /** The profile endpoint answers 500. */
  failProfile?: boolean;
}

type Provider = 'google' | 'github';

export interface FakeOAuth {
  url: string;
  /** Environment for the product: client ids and secrets, and every provider endpoint pointed at the fake. */
  env: Record<string, string>;
  /** The Cookie header value that makes the next sign-in this profile (for API tests). */
  cookieFor(profile: FakeProfile): string;
  stop(): Promise<void>;
}

const DEFAULT_PROFILE: FakeProfile = { name: 'Test Learner', email: 'test.learner@example.com' };

function readProfile(req: IncomingMessage): FakeProfile {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FAKE_PROFILE_COOKIE) return JSON.parse(decodeURIComponent(rest.join('='))) as FakeProfile;
  }
  return DEFAULT_PROFILE;
}

const accountId = (provider: Provider, profile: FakeProfile) =>
  profile.id ??
  (provider === 'github'
    ? String(Number.parseInt(createHash('sha256').update(profile.email).digest('hex').slice(0, 8), 16))
    : createHash('sha256').update(profile.email).digest('hex').slice(0, 21));

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : undefined;
}

function basicCredentials(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** One oauth2-mock-server service per provider, with the provider's paths and behaviour. */
function providerService(issuer: OAuth2Issuer, provider: Provider) {
  const paths =
    provider === 'google'
      ? { authorize: '/google/authorize', token: '/google/token', userinfo: '/google/userinfo' }
      : { authorize: '/github/login/oauth/authorize', token: '/github/login/oauth/access_token' };
  const service = new OAuth2Service(issuer, {
    ...paths,
    wellKnownDocument: `/${provider}/.well-known/openid-configuration`,
    jwks: `/${provider}/jwks`,
  });
  const byCode = new Map<string, { profile: FakeProfile; redirectUri: string }>();
  const byToken = new Map<string, FakeProfile>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const profile = readProfile(req);
    const code = redirect.url.searchParams.get('code');
    if (profile.deny) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user denied the request.');
      return;
    }
    const requested = new URL(req.url ?? '/', 'http://fake').searchParams.get('redirect_uri') ?? '';
    if (code) byCode.set(code, { profile, redirectUri: requested });
  });

  service.on(
    'beforeResponse',
    (
      response: { statusCode: number; body: Record<string, unknown> | '' },
      req: IncomingMessage & { body: Record<string, unknown> },
    ) => {
      const issued = byCode.get(String(req.body.code));
      byCode.delete(String(req.body.code));
      const client = FAKE_CLIENT[provider];
      const refuse = (error: string, description: string) => {
        // GitHub answers token errors with 200 and an error body; Google with 400.
        response.statusCode = provider === 'github' ? 200 : 400;
        response.body = { error, error_description: description };
      };
      if (basicCredentials(req) !== `${client.id}:${client.secret}`) {
        response.statusCode = 401;
        response.body = { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' };
      } else if (!issued || issued.profile.failTokenExchange) {
        refuse(provider === 'github' ? 'bad_verification_code' : 'invalid_grant', 'The code is wrong or expired.');
      } else if (req.body.redirect_uri !== issued.redirectUri) {
        refuse('redirect_uri_mismatch', 'The redirect_uri differs from the authorization request.');
      } else if (typeof response.body === 'object') {
        byToken.set(String(response.body.access_token), issued.profile);
      }
    },
  );

  service.on(
    'beforeUserinfo',
    (response: { statusCode: number; body: Record<string, unknown> | '' }, req: IncomingMessage) => {
      const profile = byToken.get(bearer(req) ?? '');
      if (!profile) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
      } else if (profile.failProfile) {
        response.statusCode = 500;
        response.body = { error: 'server_error' };
      } else {
        response.body = {
          sub: accountId('google', profile),
          email: profile.email,
          email_verified: profile.emailVerified ?? true,
          ...(profile.name === null ? {} : { name: profile.name }),
          ...(profile.avatarUrl ? { picture: profile.avatarUrl } : {}),
        };
      }
    },
  );

  /** GitHub's REST API: the user, and the user's emails. */
  const githubApi = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const profile = byToken.get(bearer(req) ?? '');
    if (!profile) return sendJson(res, 401, { message: 'Bad credentials' });
    if (profile.failProfile) return sendJson(res, 500, { message: 'Server Error' });
    if (path === '/user') {
      return sendJson(res, 200, {
        id: Number(accountId('github', profile)),
        login: profile.email.split('@')[0],
        name: profile.name,
        avatar_url: profile.avatarUrl ?? null,
        email: null,
      });
    }
    if (path === '/user/emails') {
      return sendJson(res, 200, [
        { email: `${accountId('github', profile)}+noreply@users.noreply.github.com`, primary: false, verified: true },
        { email: profile.email, primary: true, verified: profile.emailVerified ?? true },
      ]);
    }
    return sendJson(res, 404, { message: 'Not Found' });
  };

  return { handler: service.requestHandler, githubApi };
}

/** The product's Google settings pointed at a fake already running at `url` (e.g. E2E_FAKE_OAUTH_URL). */
export function fakeGoogleEnv(url: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: FAKE_CLIENT.google.id,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT.google.secret,
    GOOGLE_AUTH_URL: `${url}/google/authorize`,
    GOOGLE_TOKEN_URL: `${url}/google/token`,
    GOOGLE_USERINFO_URL: `${url}/google/userinfo`,
  };
}

export async function startFakeOAuth(): Promise<FakeOAuth> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const google = providerService(issuer, 'google');
  const github = providerService(issuer, 'github');

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/github/api/')) return github.githubApi(req, res, path.slice('/github/api'.length));
    if (path.startsWith('/github/')) return github.handler(req, res);
    if (path.startsWith('/google/')) return google.handler(req, res);
    return sendJson(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = url;

  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: FAKE_CLIENT.google.id,
      GOOGLE_CLIENT_SECRET: FAKE_CLIENT.google.secret,
      GOOGLE_AUTH_URL: `${url}/google/authorize`,
      GOOGLE_TOKEN_URL: `${url}/google/token`,
      GOOGLE_USERINFO_URL: `${url}/google/userinfo`,
      GITHUB_CLIENT_ID: FAKE_CLIENT.github.id,
      GITHUB_CLIENT_SECRET: FAKE_CLIENT.github.secret,
      GITHUB_AUTH_URL: `${url}/github/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${url}/github/login/oauth/access_token`,
      GITHUB_API_URL: `${url}/github/api`,
    },
    cookieFor: (profile) => `${FAKE_PROFILE_COOKIE}=${encodeURIComponent(JSON.stringify(profile))}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
