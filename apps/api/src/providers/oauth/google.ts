import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import type { OAuthProviderConfig } from '../../config.ts';
import { exchangeCode, fetchProviderJson } from './exchange.ts';
import { OAuthFlowError, type OAuthProvider } from './types.ts';

/** Google's OpenID Connect userinfo (https://developers.google.com/identity/openid-connect/openid-connect). */
const userinfoSchema = z.object({
  sub: z.string().min(1),
  email: z.email().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.url().optional(),
});

export function createGoogleProvider(config: OAuthProviderConfig, redirectUri: string): OAuthProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    id: 'google',
    label: 'Google',
    standIn: false,
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(config.authUrl, state, CodeChallengeMethod.S256, codeVerifier, [
        'openid',
        'email',
        'profile',
      ]),
    exchangeCode: (code, codeVerifier) => exchangeCode(client, config.tokenUrl, code, codeVerifier),
    async fetchProfile(accessToken) {
      const info = await fetchProviderJson(config.profileUrl, accessToken, userinfoSchema);
      if (!info.email || info.email_verified !== true) {
        throw new OAuthFlowError('unverified_email', 'the Google account has no verified email');
      }
      const email = info.email.toLowerCase();
      return {
        providerAccountId: info.sub,
        email,
        name: info.name?.trim() || email.split('@')[0] || email,
        avatarUrl: info.picture ?? null,
      };
    },
  };
}
