import { apiPath, endpoints, type OAuthProvider } from '@kaushal/contract';
import { apiUrl } from '../api-client';

/** Where the browser goes to sign in with a provider: the API's login, which redirects to the provider. */
export const signInUrl = (provider: OAuthProvider) => apiUrl(apiPath(endpoints.authLogin, { provider }));
