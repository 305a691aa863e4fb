import { API_PREFIX, apiPath, endpoints } from '@kaushal/contract';
import type { Config } from '../../config.ts';
import { createGitHubProvider } from './github.ts';
import { createGoogleProvider } from './google.ts';
import { createStandInProvider } from './stand-in.ts';
import type { OAuthProvider, ProviderId } from './types.ts';

export type { OAuthProfile, OAuthProvider, ProviderId } from './types.ts';
export { describeCause, failureText, OAuthFlowError } from './types.ts';

export const PROVIDER_LABELS: Record<ProviderId, string> = { google: 'Google', github: 'GitHub' };

/** Where the provider sends the learner back: `/api/v1/auth/<provider>/callback` on PUBLIC_URL. */
export const callbackUrl = (config: Config, id: ProviderId) =>
  `${config.publicUrl}${API_PREFIX}${apiPath(endpoints.authCallback, { provider: id })}`;

/**
 * The sign-in provider for each of Google and GitHub: the real one when its client id and secret are
 * configured; otherwise the development stand-in when the configuration allows stand-ins (outside production,
 * no real provider at all, a loopback PUBLIC_URL: see config.oauthStandIns); otherwise null (not configured).
 */
export function createOAuthProviders(config: Config, now: () => Date): Record<ProviderId, OAuthProvider | null> {
  const build = (id: ProviderId): OAuthProvider | null => {
    const settings = config.oauth[id];
    if (settings) {
      const redirectUri = callbackUrl(config, id);
      return id === 'google'
        ? createGoogleProvider(settings, redirectUri)
        : createGitHubProvider(settings, redirectUri);
    }
    if (!config.oauthStandIns) return null;
    return createStandInProvider(id, PROVIDER_LABELS[id], {
      publicUrl: config.publicUrl,
      sessionSecret: config.sessionSecret,
      now,
    });
  };
  return { google: build('google'), github: build('github') };
}
