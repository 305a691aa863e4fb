import { isReturnablePath } from '@/lib/session';

/**
 * The page of this site a visitor followed a Sign In link from, when the app had not started there yet (a
 * server-drawn page fetches the app only after it paints, decision 011, so an early click is a plain link; the
 * Referrer-Policy is same-origin, decision 029): the path the Sign In button would have stored. Null for another
 * site, the API (a provider's round trip ends on /login from there) and pages not worth returning to.
 */
export function pathFromReferrer(referrer: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}`;
  if (url.origin !== origin || url.pathname.startsWith('/api/') || !isReturnablePath(path)) return null;
  return path;
}
