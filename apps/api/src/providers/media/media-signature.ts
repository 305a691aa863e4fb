import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 over the key and the expiry (unix seconds), base64url: 43 characters. */
export function signMedia(secret: string, key: string, expiresAtUnix: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expiresAtUnix}`).digest('base64url');
}

export type MediaSignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * Checks a signature in constant time (no early exit that leaks how many characters matched), then the
 * expiry. A bad signature is reported before expiry so a forged link learns nothing about timing.
 */
export function checkMediaSignature(
  secret: string,
  key: string,
  expiresAtUnix: number,
  signature: string,
  now: Date,
): MediaSignatureCheck {
  const expected = Buffer.from(signMedia(secret, key, expiresAtUnix));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expiresAtUnix * 1000 > now.getTime() ? 'valid' : 'expired';
}
