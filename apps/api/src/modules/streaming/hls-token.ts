import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An HLS token (decision 034), carried in the URL's path so that native HLS (which sends no headers of ours) and
 * every relative URI in the playlists carry it too: `<video session>.<set>.<exp>.<sig>`. The signature covers
 * the video session, the ladder's set, the expiry and a hash of the learner's sign-in cookie, so a token copied
 * into another account (another cookie) or onto another video is refused by one HMAC, without a query.
 */
export interface HlsTokenClaims {
  sessionId: string;
  setId: string;
  /** Unix seconds. */
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SET_ID = /^[0-9a-f]{16}$/;

const sign = (secret: string, claims: HlsTokenClaims, cookieHash: string) =>
  createHmac('sha256', secret)
    .update(`hls\n${claims.sessionId}\n${claims.setId}\n${claims.exp}\n${cookieHash}`)
    .digest('base64url');

export function createHlsToken(secret: string, claims: HlsTokenClaims, cookieHash: string): string {
  return `${claims.sessionId}.${claims.setId}.${claims.exp}.${sign(secret, claims, cookieHash)}`;
}

export type HlsTokenCheck = { ok: true; claims: HlsTokenClaims; expired: boolean } | { ok: false; reason: 'invalid' };

/**
 * Parses and checks a token against the request's sign-in cookie hash (null: no cookie, which never matches), in
 * constant time. An expired token is still reported with its claims: the caller may honour it while the video
 * session's lease lasts (native HLS keeps the playlist's first token for the whole lecture).
 */
export function checkHlsToken(secret: string, token: string, cookieHash: string | null, now: Date): HlsTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4 || cookieHash === null) return { ok: false, reason: 'invalid' };
  const [sessionId = '', setId = '', expText = '', signature = ''] = parts;
  if (!UUID.test(sessionId) || !SET_ID.test(setId) || !/^\d{1,12}$/.test(expText))
    return { ok: false, reason: 'invalid' };
  const claims = { sessionId, setId, exp: Number(expText) };
  const expected = Buffer.from(sign(secret, claims, cookieHash));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  return { ok: true, claims, expired: claims.exp * 1000 <= now.getTime() };
}
