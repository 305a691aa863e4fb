import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { signInAs } from '../modules/auth/test-support.ts';
import { FIRST_PAINT_TIMEOUT_MS, withFirstPaint } from './web-first-paint.ts';

// A built web app of our own: index.html, and first-paint modules standing in for apps/web's dist-ssr build
// (its real output is covered by e2e/first-paint.spec.ts). The echo module draws what the API told it.
const root = mkdtempSync(path.join(tmpdir(), 'kaushal-first-paint-'));
const dist = path.join(root, 'dist');
mkdirSync(dist);
const shell = `<!doctype html><html lang="en"><head><title>t</title><meta name="description" content="default" /><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/boot.js"></script></body></html>`;
writeFileSync(path.join(dist, 'index.html'), shell);

const names = `export const FIRST_PAINT_DATA_ID = 'first-paint-data'; export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';`;
const modules = {
  echo: `${names}
    export async function renderFirstPaint(url, fetchApi, { publicUrl, language }) {
      if (url.startsWith('/dashboard')) return null;
      const me = await fetchApi('/auth/me');
      const featured = await fetchApi('/courses/featured');
      const who = me.status === 200 ? me.body.name : 'anonymous';
      globalThis.drawings = (globalThis.drawings ?? 0) + 1;
      return {
        html: '<link rel="preload" as="image" href="/thumbnails/a.svg"/><main><h1>' + who + ' ($&amp;)</h1><p>' + url + ' ' + featured.status + ' ' + featured.body.length + '</p><p>drawing ' + globalThis.drawings + '</p><p>in ' + language + '</p>' + 'x'.repeat(3000) + '</main>',
        data: JSON.stringify([{ queryKey: ['auth', 'me'], data: me.body }]).replace(/</g, '\\\\u003c'),
        head: url.startsWith('/course/')
          ? '<title>' + url + ' ($&amp;)</title><meta name="description" content="' + url + '" /><meta property="og:url" content="' + publicUrl + url + '" />'
          : '',
      };
    }`,
  throws: `${names} export async function renderFirstPaint() { throw new Error('drawing failed'); }`,
  hangs: `${names} export function renderFirstPaint() { return new Promise(() => {}); }`,
};
for (const [name, source] of Object.entries(modules)) writeFileSync(path.join(root, `${name}.js`), source);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = (module: string) => ({ WEB_DIST_DIR: dist, WEB_FIRST_PAINT_MODULE: path.join(root, module) });

const moduleNames = { FIRST_PAINT_DATA_ID: 'first-paint-data', FIRST_PAINT_ATTRIBUTE: 'data-first-paint' };

describe('withFirstPaint', () => {
  it('puts the markup in the flagged root, its data beside it, hoisted hints in the head, and keeps $ patterns as text', () => {
    const out = withFirstPaint(
      shell,
      { html: '<link rel="preload" as="image" href="/a.svg"/><h1>$& $1 $$</h1>', data: '[]', head: '' },
      moduleNames,
    );
    expect(out).toContain('<link rel="preload" as="image" href="/a.svg"/></head>');
    expect(out).toContain(
      '<div id="root" data-first-paint><h1>$& $1 $$</h1></div><script type="application/json" id="first-paint-data">[]</script>',
    );
    expect(out.match(/<link rel="preload"/g)).toHaveLength(1);
    expect(out).toContain('<title>t</title><meta name="description" content="default" />');
  });

  it("puts the page's own head in place of the default title and description, with $ patterns kept as text", () => {
    const head =
      '<title>$& $1 | K</title>\n    <meta name="description" content="$$" />\n    <meta property="og:title" />';
    const out = withFirstPaint(shell, { html: '<h1>x</h1>', data: '[]', head }, moduleNames);
    expect(out).toContain(`<head>${head}</head>`);
    expect(out.match(/<title>/g)).toHaveLength(1);
    expect(out.match(/<meta name="description"/g)).toHaveLength(1);
    expect(out).not.toContain('<!--app-head-->');
    const withoutMarker = shell.replace('<!--app-head-->', '');
    expect(withFirstPaint(withoutMarker, { html: '', data: '[]', head }, moduleNames)).toContain(
      `<head>${head}</head>`,
    );
  });
});

describe('first paint of public pages', () => {
  const ctx = useTestApp({ env: env('echo.js') });

  it('draws an anonymous visit with the API answers a browser would get, compressed when the browser accepts it', async () => {
    const res = await ctx.app.inject({ url: '/courses?page=2', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('cookie');
    const html = brotliDecompressSync(res.rawPayload).toString();
    const featured = (await ctx.app.inject('/api/v1/courses/featured')).json() as unknown[];
    expect(featured.length).toBeGreaterThan(0);
    expect(html).toContain(
      `<div id="root" data-first-paint><main><h1>anonymous ($&amp;)</h1><p>/courses?page=2 200 ${featured.length}</p>`,
    );
    expect(html).toContain(
      '<script type="application/json" id="first-paint-data">[{"queryKey":["auth","me"],"data":null}]',
    );
    expect(html).toContain('href="/thumbnails/a.svg"/></head>');
  });

  it("draws a signed-in visit with the learner's own session (their cookie is passed on)", async () => {
    const { cookie } = await signInAs(ctx.database.db, { email: 'asha@example.com', name: 'Asha Menon' });
    const res = await ctx.app.inject({ url: '/', headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString();
    expect(html).toContain('<h1>Asha Menon ($&amp;)</h1>');
    expect(html).toContain('"name":"Asha Menon"');
  });

  it("fills the head the module gives a page (absolute links from PUBLIC_URL), and keeps index.html's otherwise", async () => {
    const headers = { 'accept-encoding': 'identity' };
    const course = (await ctx.app.inject({ url: '/course/rag-from-scratch', headers })).body;
    expect(course).toContain(
      '<head><title>/course/rag-from-scratch ($&amp;)</title><meta name="description" content="/course/rag-from-scratch" />',
    );
    expect(course).toContain(
      '<meta property="og:url" content="http://localhost:3999/course/rag-from-scratch" /><link rel="preload"',
    );
    expect(course.match(/<title>/g)).toHaveLength(1);
    const home = (await ctx.app.inject({ url: '/', headers })).body;
    expect(home).toContain('<head><title>t</title><meta name="description" content="default" /><!--app-head-->');
  });

  it('leaves pages the module does not draw, and browsers that refuse compression, with the plain shell', async () => {
    const res = await ctx.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(shell);
  });
});

describe('first paint, cached for visitors without a session', () => {
  const ctx = useTestApp({ env: { ...env('echo.js'), CATALOGUE_CACHE_SECONDS: '60' } });
  const drawing = (body: string) => /drawing (\d+)/.exec(body)?.[1];

  it('draws a page once for every anonymous visitor, and for each signed-in learner every time', async () => {
    const headers = { 'accept-encoding': 'identity' };
    const first = drawing((await ctx.app.inject({ url: '/about-us', headers })).body);
    expect(first).toBeDefined();
    expect(drawing((await ctx.app.inject({ url: '/about-us', headers })).body)).toBe(first);
    expect(drawing((await ctx.app.inject({ url: '/terms-and-conditions', headers })).body)).not.toBe(first);

    const { cookie } = await signInAs(ctx.database.db, { email: 'ravi@example.com', name: 'Ravi' });
    const signedIn = (await ctx.app.inject({ url: '/about-us', headers: { ...headers, cookie } })).body;
    expect(signedIn).toContain('<h1>Ravi');
    expect(drawing(signedIn)).not.toBe(first);
    expect(drawing((await ctx.app.inject({ url: '/about-us', headers })).body)).toBe(first);
  });
});

describe('first paint that fails', () => {
  for (const [module, why] of [
    ['throws.js', 'throws'],
    ['hangs.js', `takes longer than ${FIRST_PAINT_TIMEOUT_MS} ms`],
    ['missing.js', 'is not built'],
  ] as const) {
    describe(`when the module ${why}`, () => {
      const ctx = useTestApp({ seed: false, env: env(module) });
      it('serves the plain shell, which the browser draws itself', async () => {
        const started = Date.now();
        const res = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(shell);
        expect(Date.now() - started).toBeLessThan(FIRST_PAINT_TIMEOUT_MS + 2000);
      });
    });
  }
});

describe('the language of a page (docs/decisions/030)', () => {
  const ctx = useTestApp({ env: { ...env('echo.js'), CATALOGUE_CACHE_SECONDS: '60' } });
  const page = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ url: '/about-us', headers });
    expect(res.statusCode).toBe(200);
    return {
      lang: /<html lang="([^"]*)"/.exec(res.body)?.[1],
      drawnIn: /<p>in ([^<]*)<\/p>/.exec(res.body)?.[1],
      drawing: /drawing (\d+)/.exec(res.body)?.[1],
      vary: res.headers.vary,
    };
  };

  it("follows the browser's Accept-Language on a first visit, and the chosen language's cookie after that", async () => {
    expect(await page({})).toMatchObject({ lang: 'en', drawnIn: 'en' });
    const hindi = await page({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi).toMatchObject({ lang: 'hi', drawnIn: 'hi' });
    expect(hindi.vary).toContain('accept-language');
    const chosen = await page({ 'accept-language': 'hi-IN', cookie: 'kaushal_lang=de' });
    expect(chosen).toMatchObject({ lang: 'de', drawnIn: 'de' });
    // Pages kept for visitors without a session are kept per language: English stays English.
    expect(await page({ 'accept-language': 'en-GB' })).toMatchObject({ lang: 'en', drawnIn: 'en' });
    expect((await page({ 'accept-language': 'hi' })).drawing).toBe(hindi.drawing);
  });

  it('ignores an unknown or hostile language (cookie or header) and serves English, never an error', async () => {
    const hostile: Record<string, string>[] = [
      { cookie: 'kaushal_lang=xx' },
      { cookie: 'kaushal_lang=%3Cscript%3E' },
      { cookie: 'kaushal_lang="><script>alert(1)</script>' },
      { 'accept-language': 'zz, *;q=0.1, hi;q=0' },
      { 'accept-language': `${'a'.repeat(5000)},;;;q=abc,-,` },
      { 'accept-language': 'hi;q=NaN, fr;q=2' },
    ];
    for (const headers of hostile) expect(await page(headers), JSON.stringify(headers)).toMatchObject({ lang: 'en' });
  });
});
