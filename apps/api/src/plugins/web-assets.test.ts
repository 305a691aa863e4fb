import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { rememberingCompressor } from './web.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'kaushal-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serving the built SPA', () => {
  const ctx = useTestApp({ seed: false, env: { WEB_DIST_DIR: dist } });

  it('sends hashed assets pre-compressed when the browser accepts it, cached for a year', async () => {
    const br = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to index.html for client routes, never cached, and answers unknown API paths with JSON', async () => {
    const page = await ctx.app.inject('/courses?page=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect((await ctx.app.inject('/api/v1/nothing-here')).json().code).toBe('not_found');
  });
});

describe('compressing pages', () => {
  it('compresses a page sent again once, and forgets the oldest past its memory', async () => {
    const brotli = rememberingCompressor('br');
    const page = `<p>${'a page kept for visitors '.repeat(200)}</p>`;
    const first = brotli(page);
    expect(brotli(`${page}`)).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe(page);
    for (let i = 0; i < 64; i++) await brotli(`${page}${i}`);
    expect(brotli(page)).not.toBe(first);
  });
});
