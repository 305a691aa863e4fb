import { apiPath, type OAuthProvider } from '@kaushal/contract';
import { apiUrl } from '../api-client';
import { rememberPathForLogin } from './redirect-path';

/** Where the browser goes to sign in with a provider: the API's login, which redirects to the provider. */
export const signInUrl = (provider: OAuthProvider) => apiUrl(apiPath('authLogin', { provider }));

/**
 * Spec section 4 for a control that is not a link: store the redirect-after-login path (an existing one is
 * kept), then leave for the provider with a full page navigation. Sign-in links call rememberPathForLogin
 * from onClick and let their href navigate.
 */
export function beginSignIn(provider: OAuthProvider, currentPath: string) {
  rememberPathForLogin(currentPath);
  window.location.assign(signInUrl(provider));
}
