import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { repoRoot } from '../../paths.ts';
import { signMedia } from '../../providers/media/media-signature.ts';
import { advance, asLearner } from './test-support.ts';

const KEY = 'lesson-short.mp4';
const FILE = path.join(repoRoot, 'content/media', KEY);
const SIZE = statSync(FILE).size;

describe('GET /media/* (signed lesson media)', () => {
  const ctx = useTestApp({ seed: false });
  const secret = () => ctx.app.deps.config.mediaSigningSecret;
  const signed = (key: string, ttlSeconds = 600) => {
    const exp = Math.floor(ctx.clock.now.getTime() / 1000) + ttlSeconds;
    return `/api/v1/media/${key}?exp=${exp}&sig=${signMedia(secret(), key, exp)}`;
  };
  const get = (url: string, headers?: Record<string, string>) => asLearner(ctx, null).get(url, headers);

  it('streams the whole file with its type, length and Accept-Ranges for a valid signature', async () => {
    const res = await get(signed(KEY));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(SIZE);
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.equals(readFileSync(FILE))).toBe(true);
  });

  it('answers an open-ended range with 206 and the rest of the file', async () => {
    const res = await get(signed(KEY), { range: 'bytes=1000-' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-${SIZE - 1}/${SIZE}`);
    expect(res.rawPayload.equals(readFileSync(FILE).subarray(1000))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await get(signed(KEY), { range: 'bytes=-500' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${SIZE - 500}-${SIZE - 1}/${SIZE}`);
    expect(res.rawPayload.equals(readFileSync(FILE).subarray(SIZE - 500))).toBe(true);
  });

  it('answers a range beyond the end with 416 and the real size', async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`]) {
      const res = await get(signed(KEY), { range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(res.json()).toEqual({ detail: 'The requested range is outside the file.', code: 'range_not_satisfiable' });
    }
  });

  it('refuses a tampered, borrowed or missing signature with 403', async () => {
    const good = signed(KEY);
    const sig = new URL(good, 'http://x').searchParams.get('sig') ?? '';
    const tampered = good.replace(sig, `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    const borrowed = good.replace(KEY, 'lesson-intro.mp4');
    const exp = new URL(good, 'http://x').searchParams.get('exp');
    const longer = good.replace(`exp=${exp}`, `exp=${Number(exp) + 3600}`);
    for (const url of [tampered, borrowed, longer, `/api/v1/media/${KEY}`, `/api/v1/media/${KEY}?exp=${exp}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        detail: 'This video link is not valid. Reopen the lesson to get a new one.',
        code: 'media_link_invalid',
      });
    }
  });

  it('refuses an expired link with 403', async () => {
    const url = signed(KEY, 60);
    expect((await get(url, { range: 'bytes=0-0' })).statusCode).toBe(206);
    advance(ctx, 61);
    const res = await get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'This video link has expired. Reopen the lesson to get a new one.',
      code: 'media_link_expired',
    });
  });

  it('refuses path traversal even with a signature made for it', async () => {
    // Encoded, so the slashes and dots reach the route instead of being resolved by the URL parser first.
    for (const key of ['..%2F..%2Fpackage.json', 'x%2F..%2F..%2Fpackage.json', '.%2Fsecret', 'a%5C..%5Cb']) {
      const decoded = decodeURIComponent(key);
      const exp = Math.floor(ctx.clock.now.getTime() / 1000) + 600;
      const res = await get(`/api/v1/media/${key}?exp=${exp}&sig=${signMedia(secret(), decoded, exp)}`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ detail: 'This media path is not valid.', code: 'invalid_media_path' });
    }
  });

  it('answers 404 for a signed key that names no file', async () => {
    const res = await get(signed('missing.mp4'));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
