import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.ts';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from '../../../test/s3/s3-server.ts';
import { contentSecurityPolicy } from '../../plugins/security-headers.ts';
import { createS3MediaStore, type S3MediaStore, s3MediaOrigins, sha256OfStream } from './s3-media-store.ts';

let s3: S3TestServer;
const folder = mkdtempSync(path.join(tmpdir(), 'kaushal-s3-store-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

function store(options: { ttlSeconds?: number; cdnUrl?: string } = {}): S3MediaStore {
  return createS3MediaStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    ...options,
  });
}

/** A fake video: 64 KiB of bytes that differ at every offset a Range could pick. */
const video = Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7 + (i >> 8)) % 256));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the S3 media store against an S3-compatible server', () => {
  it('puts bytes and files, states their size and SHA-256, reads, lists and removes them', async () => {
    const media = store();
    await media.put('uploads/c1/l1-aa.mp4', { bytes: video });
    const file = path.join(folder, 'captions.vtt');
    writeFileSync(file, 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');
    await media.put('uploads/c1/l1-en-bb.vtt', { file });

    expect(await media.stat('uploads/c1/l1-aa.mp4')).toEqual({
      key: 'uploads/c1/l1-aa.mp4',
      size: video.length,
      sha256: sha(video),
    });
    expect(await sha256OfStream(await media.read('uploads/c1/l1-aa.mp4'))).toBe(sha(video));
    const listed = [];
    for await (const object of media.list('uploads/c1/')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['uploads/c1/l1-aa.mp4', 'uploads/c1/l1-en-bb.vtt']);

    await media.remove('uploads/c1/l1-en-bb.vtt');
    expect(await media.stat('uploads/c1/l1-en-bb.vtt')).toBeNull();
    await media.remove('uploads/c1/never-there.vtt');
    await expect(media.put('demo.mp4', { bytes: video })).rejects.toThrow(/not an upload key/);
    await expect(media.remove('resources/data.csv')).rejects.toThrow(/not an upload key/);
  });

  it('gives presigned URLs that fetch the bytes with their type, and fail once expired', async () => {
    const media = store({ ttlSeconds: 2 });
    await media.put('uploads/c1/l1-cc.mp4', { bytes: video });
    const { url, expiresAt } = await media.signedUrl('uploads/c1/l1-cc.mp4', new Date());
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/c1/l1-cc.mp4?`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2000);

    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await fresh.arrayBuffer()).equals(video)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 3100));
    const late = await fetch(url);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');

    // A URL signed ten minutes ago with the default ten-minute life is already dead. (s3rver checks the expiry
    // but not the SigV4 signature itself: that is the real services' part.)
    const old = await store().signedUrl('uploads/c1/l1-cc.mp4', new Date(Date.now() - 601_000));
    expect((await fetch(old.url)).status).toBe(403);
  });

  it('answers Range requests on a presigned URL with 206 and the asked bytes', async () => {
    const media = store();
    await media.put('uploads/c1/l1-dd.mp4', { bytes: video });
    const { url } = await media.signedUrl('uploads/c1/l1-dd.mp4', new Date());
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=65000-' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(65_000))).toBe(true);
  });

  it('names a download on the presigned URL (the bucket answers with that Content-Disposition and type)', async () => {
    const media = store();
    await media.put('uploads/c1/l1-ee.csv', { bytes: Buffer.from('a,b\n1,2\n') });
    const disposition = `attachment; filename="Week 1 data.csv"; filename*=UTF-8''Week%201%20data.csv`;
    const { url } = await media.signedUrl('uploads/c1/l1-ee.csv', new Date(), {
      contentDisposition: disposition,
      contentType: 'text/csv; charset=utf-8',
    });
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(disposition);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await answer.text()).toBe('a,b\n1,2\n');
  });

  it('sends by redirecting to a presigned URL, never with the bytes', async () => {
    const media = store();
    await media.put('uploads/c1/l1-ff.mp4', { bytes: video });
    const app = Fastify();
    app.get('/file', (_request, reply) => media.send(reply, 'uploads/c1/l1-ff.mp4', 'public, max-age=86400'));
    const res = await app.inject({ url: '/file', headers: { range: 'bytes=0-99' } });
    await app.close();
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBe(0);
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
    const followed = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(followed.status).toBe(206);
    // The bucket's answer carries the caching the API would have sent.
    expect(followed.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await followed.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
  });

  it('puts MEDIA_CDN_URL in place of the bucket, keeping the bucket signature', async () => {
    const media = store({ cdnUrl: 'https://media.example.com/' });
    const { url } = await media.signedUrl('uploads/c1/l1-ff.mp4', new Date());
    expect(url).toMatch(/^https:\/\/media\.example\.com\/uploads\/c1\/l1-ff\.mp4\?X-Amz-Algorithm=/);
    expect(url).toContain('X-Amz-Signature=');
  });
});

describe('the bucket origins the Content-Security-Policy allows', () => {
  it('names the CDN, else the endpoint, else AWS virtual-hosted bucket', () => {
    const csp = contentSecurityPolicy(
      testConfig({ MEDIA_S3_BUCKET: 'kaushal-media', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/' }),
    );
    expect(csp['media-src']).toContain('http://127.0.0.1:9000');
    expect(csp['connect-src']).toContain('http://127.0.0.1:9000');
    expect(csp['img-src']).toContain('http://127.0.0.1:9000');
    expect(contentSecurityPolicy(testConfig())['media-src']).toEqual(["'self'", 'blob:']);
    const cdn = testConfig({ MEDIA_S3_BUCKET: 'kaushal-media', MEDIA_CDN_URL: 'https://media.example.com/x' });
    expect(contentSecurityPolicy(cdn)['media-src']).toEqual(["'self'", 'blob:', 'https://media.example.com']);
    expect(s3MediaOrigins({ bucket: 'kaushal-media', region: 'ap-south-1' })).toEqual([
      'https://kaushal-media.s3.ap-south-1.amazonaws.com',
      'https://kaushal-media.s3.amazonaws.com',
    ]);
  });
});
