import { describe, expect, it } from 'vitest';
import { createLocalMediaStore } from './local-media-store.ts';
import { checkMediaSignature, signMedia } from './media-signature.ts';
import { isValidMediaKey } from './media-store.ts';

const SECRET = 'a-test-secret-that-is-long-enough-000000';
const now = new Date('2025-01-01T00:00:00Z');
const unix = now.getTime() / 1000;

describe('media signatures', () => {
  it('accepts its own signature until the expiry, then reports it expired', () => {
    const sig = signMedia(SECRET, 'lesson-intro.mp4', unix + 60);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkMediaSignature(SECRET, 'lesson-intro.mp4', unix + 60, sig, now)).toBe('valid');
    expect(checkMediaSignature(SECRET, 'lesson-intro.mp4', unix + 60, sig, new Date((unix + 60) * 1000))).toBe(
      'expired',
    );
  });

  it('refuses a signature for another key, another expiry, another secret, or tampered', () => {
    const sig = signMedia(SECRET, 'lesson-intro.mp4', unix + 60);
    expect(checkMediaSignature(SECRET, 'demo.mp4', unix + 60, sig, now)).toBe('invalid');
    expect(checkMediaSignature(SECRET, 'lesson-intro.mp4', unix + 61, sig, now)).toBe('invalid');
    expect(checkMediaSignature(`${SECRET}x`, 'lesson-intro.mp4', unix + 60, sig, now)).toBe('invalid');
    const tampered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(checkMediaSignature(SECRET, 'lesson-intro.mp4', unix + 60, tampered, now)).toBe('invalid');
    expect(checkMediaSignature(SECRET, 'lesson-intro.mp4', unix + 60, sig.slice(1), now)).toBe('invalid');
  });

  it('signs URLs valid for ten minutes by default, with the key path-encoded', async () => {
    const store = createLocalMediaStore({ secret: SECRET, basePath: '/api/v1/media' });
    const { url, expiresAt } = await store.signedUrl('captions/intro en.vtt', now);
    expect(expiresAt.getTime() - now.getTime()).toBe(10 * 60 * 1000);
    expect(url).toMatch(/^\/api\/v1\/media\/captions\/intro%20en\.vtt\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['lesson-intro.mp4', true],
    ['folder/lesson_1.en.vtt', true],
    ['../package.json', false],
    ['a/../../b', false],
    ['/etc/passwd', false],
    ['.env', false],
    ['a\\b', false],
    ['a//b', false],
    ['', false],
  ])('key %j valid: %s', (key, valid) => {
    expect(isValidMediaKey(key)).toBe(valid);
  });
});
