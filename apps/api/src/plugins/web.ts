import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@kaushal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidMediaKey, type MediaStore, THUMBNAIL_PREFIX } from '../providers/media/media-store.ts';
import { requestLanguage, withHtmlLang } from './web-language.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Pages are drawn per request (first paint), so they are compressed per request: fast settings pay off. */
const compressors = {
  br: (html: string) => brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html: string) => gzipAsync(html, { level: 6 }),
};
type Encoding = keyof typeof compressors;
/** How many compressed pages are remembered per encoding. */
const RECENT_PAGES = 64;

/**
 * Compresses with a memory of the last pages: a page kept for visitors without a session
 * (plugins/web-first-paint.ts) is sent as the same text many times a second, and brotli costs about 0.5 ms
 * for a 50 KB page. A learner's own page is new each time and simply passes through.
 */
export function rememberingCompressor(encoding: Encoding) {
  const recent = new Map<string, Promise<Buffer>>();
  return (html: string): Promise<Buffer> => {
    let compressed = recent.get(html);
    if (!compressed) {
      compressed = compressors[encoding](html);
      if (recent.size >= RECENT_PAGES) recent.delete(recent.keys().next().value as string);
      recent.set(html, compressed);
      compressed.catch(() => recent.delete(html));
    }
    return compressed;
  };
}

/** Below this a page fits in the first round trip anyway. */
const COMPRESS_MIN_BYTES = 1400;

/** br or gzip when the request's Accept-Encoding allows it (a q=0 refuses), else null. */
function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export type IndexHtmlRenderer = (request: FastifyRequest, html: string, language: string) => Promise<string> | string;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, client routes fall back
 * to index.html, unknown /api paths answer a JSON 404. Course thumbnails come from content/; the ones uploaded in
 * the console (/thumbnails/uploads/…) from the media store (`media`: DATA_DIR/thumbnails, or a redirect to the
 * bucket; each a new name, so a day's cache is safe).
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { distDir: string; contentDir: string; media?: MediaStore; renderIndex?: IndexHtmlRenderer },
) {
  const contentThumbnails = path.join(options.contentDir, 'thumbnails');
  const { media } = options;
  // Static images like the built assets, not an API endpoint: not in the OpenAPI document.
  app.get('/thumbnails/*', { schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (media && file.startsWith('uploads/')) {
      const key = `${THUMBNAIL_PREFIX}${file}`;
      return isValidMediaKey(key) ? media.send(reply, key, 'public, max-age=86400') : reply.callNotFound();
    }
    return reply.sendFile(file, contentThumbnails, { maxAge: '1d' });
  });

  const indexFile = path.join(options.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  let indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      // Brotli or gzip siblings written at build time (scripts/compress-assets.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      index: false,
      decorateReply: false,
      setHeaders(res, filePath) {
        const relative = path.relative(options.distDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const compress = { br: rememberingCompressor('br'), gzip: rememberingCompressor('gzip') };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWeb) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, or `npm run dev` for development.');
    }
    if (app.deps.config.env !== 'production' && !indexHtml) indexHtml = readFileSync(indexFile, 'utf8');
    // Every page, drawn or not, is in the visitor's language from its first byte (`<html lang>`).
    const language = requestLanguage(request);
    const shell = withHtmlLang(indexHtml, language);
    const html = options.renderIndex ? await options.renderIndex(request, shell, language) : shell;
    // Private: the first paint may show the visitor's own name and access (plugins/web-first-paint.ts).
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie, accept-language, accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding || Buffer.byteLength(html) < COMPRESS_MIN_BYTES) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress[encoding](html));
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || pathname.startsWith('/api/')) {
      return reply.code(404).send({ detail: 'There is no API endpoint at this path.', code: 'not_found' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) {
      return sendIndex(request, reply);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
