import { checkMediaSignature, signMedia } from '../../providers/media/media-signature.ts';

/**
 * Download links of lesson resources (issue 18): an HMAC over the resource, the account it was made for and
 * the expiry, so a link copied into another account's browser is refused, and one kept past its few minutes
 * is too. The signed text has a colon, which no media key may hold, so a resource link can never pass the media
 * route's check (and the other way round).
 */

/** Long enough to start the download the link was asked for; the page asks again for the next one. */
export const RESOURCE_LINK_TTL_SECONDS = 5 * 60;

const signedText = (resourceId: string, userId: string) => `resource:${resourceId}:${userId}`;

export interface ResourceLink {
  exp: number;
  sig: string;
  expiresAt: Date;
}

export function signResourceLink(secret: string, resourceId: string, userId: string, now: Date): ResourceLink {
  const exp = Math.floor(now.getTime() / 1000) + RESOURCE_LINK_TTL_SECONDS;
  return { exp, sig: signMedia(secret, signedText(resourceId, userId), exp), expiresAt: new Date(exp * 1000) };
}

/** 'invalid' also when the link is another account's: its signature does not match this user's. */
export function checkResourceLink(
  secret: string,
  resourceId: string,
  userId: string,
  query: { exp?: string; sig?: string },
  now: Date,
): 'valid' | 'invalid' | 'expired' {
  const exp = query.exp && /^\d{1,12}$/.test(query.exp) ? Number(query.exp) : null;
  if (exp === null || !query.sig) return 'invalid';
  return checkMediaSignature(secret, signedText(resourceId, userId), exp, query.sig, now);
}
