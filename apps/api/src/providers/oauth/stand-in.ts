import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@kaushal/contract';
import { z } from 'zod';
import type { OAuthProfile, OAuthProvider, ProviderId } from './types.ts';
import { OAuthFlowError } from './types.ts';

/** Codes and tokens of the stand-in live this long; a sign-in page left open longer starts over. */
const CODE_TTL_MS = 10 * 60 * 1000;

/**
 * The provider account id of every stand-in identity starts with this: sign-in keeps such accounts apart from
 * the accounts real providers made (modules/auth/accounts.ts), since the stand-in signs in any email typed.
 */
export const STAND_IN_ACCOUNT_PREFIX = 'stand-in:';

const profileSchema = z.object({
  providerAccountId: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
const codeSchema = z.object({
  kind: z.literal('code'),
  /** Names this code, so that it is exchanged once. */
  id: z.string().min(16),
  provider: z.string(),
  profile: profileSchema,
  challenge: z.string(),
  exp: z.number(),
});
const tokenSchema = z.object({
  kind: z.literal('token'),
  provider: z.string(),
  profile: profileSchema,
  exp: z.number(),
});

export const standInPath = (provider: ProviderId) => `${API_PREFIX}/auth/dev/${provider}`;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export interface StandInProvider extends OAuthProvider {
  readonly standIn: true;
  /** What the stand-in's sign-in form hands the callback: a code carrying the learner and the PKCE challenge. */
  issueCode(profile: { name: string; email: string }, codeChallenge: string): string;
}

/**
 * The local development stand-in for Google or GitHub, used only when no provider has a client id and secret,
 * outside production, on a loopback PUBLIC_URL (config.oauthStandIns). Its own page (dev-sign-in routes) plays
 * the provider's consent screen; codes and tokens are HMAC-signed with a key derived from SESSION_SECRET, and the
 * callback runs exactly the code it runs for the real provider: state check, PKCE-checked code exchange, profile
 * read. The only state kept is the ids of the codes already exchanged (in memory, until they expire), so that a
 * code works once; the stand-in runs on one developer's machine, so one process's memory is enough.
 */
export function createStandInProvider(
  id: ProviderId,
  label: string,
  options: { publicUrl: string; sessionSecret: string; now: () => Date },
): StandInProvider {
  const key = createHmac('sha256', options.sessionSecret).update(`oauth-stand-in:${id}`).digest();
  const sign = (payload: object) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };
  const verify = <T>(value: string, schema: z.ZodType<T>): T | null => {
    const [body, mac] = value.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', key).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return schema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      return null;
    }
  };
  const expired = (exp: number) => exp < options.now().getTime();
  /** Codes already exchanged, until they expire: a code, like a real provider's, works once. */
  const spent = new Map<string, number>();
  const spend = (id: string, exp: number): boolean => {
    const now = options.now().getTime();
    for (const [code, until] of spent) if (until < now) spent.delete(code);
    if (spent.has(id)) return false;
    spent.set(id, exp);
    return true;
  };

  return {
    id,
    label,
    standIn: true,
    authorizationUrl(state, codeVerifier) {
      const url = new URL(`${options.publicUrl}${standInPath(id)}`);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', s256(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url;
    },
    issueCode(person, codeChallenge) {
      const email = person.email.trim().toLowerCase();
      const profile: OAuthProfile = {
        providerAccountId: `${STAND_IN_ACCOUNT_PREFIX}${email}`,
        email,
        name: person.name.trim(),
        avatarUrl: null,
      };
      return sign({
        kind: 'code',
        id: randomBytes(16).toString('base64url'),
        provider: id,
        profile,
        challenge: codeChallenge,
        exp: options.now().getTime() + CODE_TTL_MS,
      });
    },
    async exchangeCode(code, codeVerifier) {
      const payload = verify(code, codeSchema);
      if (!payload || payload.provider !== id || expired(payload.exp)) {
        throw new OAuthFlowError('token_exchange', 'the stand-in code is invalid or expired');
      }
      if (payload.challenge !== s256(codeVerifier)) {
        throw new OAuthFlowError('token_exchange', 'the PKCE verifier does not match the stand-in code');
      }
      if (!spend(payload.id, payload.exp)) {
        throw new OAuthFlowError('token_exchange', 'the stand-in code was already used');
      }
      return sign({
        kind: 'token',
        provider: id,
        profile: payload.profile,
        exp: options.now().getTime() + CODE_TTL_MS,
      });
    },
    async fetchProfile(accessToken) {
      const payload = verify(accessToken, tokenSchema);
      if (!payload || payload.provider !== id || expired(payload.exp)) {
        throw new OAuthFlowError('profile', 'the stand-in access token is invalid or expired');
      }
      return payload.profile;
    },
  };
}
