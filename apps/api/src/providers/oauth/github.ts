import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import type { OAuthProviderConfig } from '../../config.ts';
import { exchangeCode, fetchProviderJson } from './exchange.ts';
import { OAuthFlowError, type OAuthProvider } from './types.ts';

const userSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullable().optional(),
  avatar_url: z.url().nullable().optional(),
});
const emailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

const API_HEADERS = { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' };

/** GitHub's OAuth app flow; the email is the account's primary email, and only when GitHub has verified it. */
export function createGitHubProvider(config: OAuthProviderConfig, redirectUri: string): OAuthProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const api = config.profileUrl;
  return {
    id: 'github',
    label: 'GitHub',
    standIn: false,
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(config.authUrl, state, CodeChallengeMethod.S256, codeVerifier, [
        'read:user',
        'user:email',
      ]),
    exchangeCode: (code, codeVerifier) => exchangeCode(client, config.tokenUrl, code, codeVerifier),
    async fetchProfile(accessToken) {
      const [user, emails] = await Promise.all([
        fetchProviderJson(`${api}/user`, accessToken, userSchema, API_HEADERS),
        fetchProviderJson(`${api}/user/emails`, accessToken, emailsSchema, API_HEADERS),
      ]);
      const primary = emails.find((e) => e.primary && e.verified);
      if (!primary || !z.email().safeParse(primary.email).success) {
        throw new OAuthFlowError('unverified_email', 'the GitHub account has no verified primary email');
      }
      return {
        providerAccountId: String(user.id),
        email: primary.email.toLowerCase(),
        name: user.name?.trim() || user.login,
        avatarUrl: user.avatar_url ?? null,
      };
    },
  };
}
