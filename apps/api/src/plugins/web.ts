import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@kaushal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type IndexHtmlRenderer = (request: FastifyRequest, html: string) => Promise<string> | string;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, client routes fall back
 * to index.html, unknown /api paths answer a JSON 404. Course thumbnails come from content/.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { distDir: string; contentDir: string; renderIndex?: IndexHtmlRenderer },
) {
  await app.register(fastifyStatic, {
    root: path.join(options.contentDir, 'thumbnails'),
    prefix: '/thumbnails/',
    decorateReply: false,
    maxAge: '1d',
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

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWeb) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, or `npm run dev` for development.');
    }
    if (app.deps.config.env !== 'production' && !indexHtml) indexHtml = readFileSync(indexFile, 'utf8');
    const html = options.renderIndex ? await options.renderIndex(request, indexHtml) : indexHtml;
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
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
