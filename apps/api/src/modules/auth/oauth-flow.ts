import { createHash, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@kaushal/contract';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  describeCause,
  failureText,
  OAuthFlowError,
  type OAuthProvider,
  type ProviderId,
} from '../../providers/oauth/index.ts';
import { grantRoleByEmail } from '../roles/index.ts';
import { upsertOAuthUser } from './accounts.ts';
import { createSession, deleteSession, hashToken, SESSION_COOKIE, setSessionCookie } from './session.ts';

/** The state and PKCE verifier of a sign-in in progress live this long (the learner is at the provider). */
const FLOW_TTL_SECONDS = 10 * 60;
const FLOW_COOKIE_PATH = `${API_PREFIX}/auth`;
const flowCookie = (provider: ProviderId) => `kaushal_oauth_${provider}`;

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

function flowCookieOptions(reply: FastifyReply) {
  const { config } = reply.server.deps;
  return {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET, which still carries the cookie.
    sameSite: 'lax' as const,
    secure: config.isProduction || config.publicUrl.startsWith('https:'),
    path: FLOW_COOKIE_PATH,
  };
}

/** Starts a sign-in: a fresh state and PKCE verifier in a short-lived HttpOnly cookie; answers the provider URL. */
export function startSignIn(reply: FastifyReply, provider: OAuthProvider): string {
  const state = generateState();
  const verifier = generateCodeVerifier();
  reply.setCookie(flowCookie(provider.id), `${state}.${verifier}`, {
    ...flowCookieOptions(reply),
    maxAge: FLOW_TTL_SECONDS,
  });
  return provider.authorizationUrl(state, verifier).toString();
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The verifier when the returned state matches the one this browser started with (compared in constant time). */
function checkState(stored: string | undefined, state: string | undefined): string {
  const [expectedState, verifier] = (stored ?? '').split('.');
  if (!state || !expectedState || !verifier) {
    throw new OAuthFlowError(
      'bad_state',
      stored ? 'the callback has no state' : 'no sign-in in progress (no state cookie)',
    );
  }
  if (!timingSafeEqual(digest(state), digest(expectedState))) {
    throw new OAuthFlowError('bad_state', 'the callback state does not match the state cookie');
  }
  return verifier;
}

/**
 * Finishes a sign-in: checks the state, exchanges the code (with the PKCE verifier), reads the verified
 * profile, signs the learner in on a new session (the one this browser had is ended) and answers where to
 * send the browser: the SPA's /login with success=true, or with error=<a sentence for the learner>.
 */
export async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OAuthProvider,
  query: CallbackQuery,
): Promise<string> {
  const { config, db, clock } = request.server.deps;
  const target = new URL('/login', config.webOrigin);
  const stored = request.cookies[flowCookie(provider.id)];
  // One attempt per started sign-in: the cookie goes whatever happens next.
  reply.clearCookie(flowCookie(provider.id), flowCookieOptions(reply));
  try {
    // The provider's own answer comes first: it says more than a state check would.
    if (query.error) {
      throw new OAuthFlowError(
        query.error === 'access_denied' ? 'denied' : 'provider_error',
        `the provider answered error "${query.error.slice(0, 100)}"`,
      );
    }
    const verifier = checkState(stored, query.state);
    if (!query.code) throw new OAuthFlowError('missing_code', 'the callback has no code');
    const accessToken = await provider.exchangeCode(query.code, verifier);
    const profile = await provider.fetchProfile(accessToken);
    const now = clock();
    const userId = await upsertOAuthUser(db, provider.id, profile, now, { standIn: provider.standIn });
    if (config.adminEmails.includes(profile.email.toLowerCase())) {
      const granted = await grantRoleByEmail(db, profile.email, 'admin', 'ADMIN_EMAILS', now);
      if (granted === 'granted') request.log.info({ userId }, 'admin role granted by ADMIN_EMAILS');
    }

    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, hashToken(previous));
    const session = await createSession(db, userId, now);
    setSessionCookie(reply, session.token, session.expiresAt);
    request.log.info({ provider: provider.id, userId }, 'signed in');
    target.searchParams.set('success', 'true');
  } catch (error) {
    if (error instanceof OAuthFlowError) {
      // A learner saying no is not a fault to look into; everything else is.
      const level = error.reason === 'denied' ? 'info' : 'warn';
      request.log[level](
        { provider: provider.id, reason: error.reason, cause: describeCause(error) },
        'sign-in failed',
      );
      target.searchParams.set('error', failureText(error.reason, provider.label));
    } else {
      request.log.error({ provider: provider.id, err: error }, 'sign-in failed unexpectedly');
      target.searchParams.set('error', failureText('internal', provider.label));
    }
  }
  return target.toString();
}
