import type { QueryClient } from '@tanstack/react-query';
import { isReturnablePath, overwriteRedirectPath } from './redirect-path';
import { sessionQueryKey } from './session-query';

/**
 * What an API 401 means (spec section 4): the session is over. The user is cleared and the browser loads
 * /login with a full page load, so no state of the signed-in app survives; the page the learner was on is
 * stored so signing in again brings them back. The API client still rejects the call, so callers see the
 * error too. Several 401s at once (parallel queries) lead to one page load.
 */
export function createUnauthorizedHandler(
  queryClient: QueryClient,
  goTo: (path: string) => void = (path) => window.location.assign(path),
) {
  let leaving = false;
  return () => {
    queryClient.setQueryData(sessionQueryKey, null);
    const { pathname, search, hash } = window.location;
    if (leaving || pathname === '/login') return;
    leaving = true;
    const here = `${pathname}${search}${hash}`;
    if (isReturnablePath(here)) overwriteRedirectPath(here);
    goTo('/login');
  };
}
