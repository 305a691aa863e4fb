import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { API_PREFIX } from '@kaushal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { SingleFlightCache } from '../lib/single-flight-cache.ts';
import { SESSION_COOKIE } from '../modules/auth/session.ts';
import type { IndexHtmlRenderer } from './web.ts';

/** What apps/web/src/server/render-first-paint.tsx exports (built to dist-ssr/ by the web build). */
interface FirstPaintModule {
  FIRST_PAINT_DATA_ID: string;
  FIRST_PAINT_ATTRIBUTE: string;
  renderFirstPaint(
    url: string,
    fetchApi: (path: string) => Promise<{ status: number; body: unknown }>,
  ): Promise<{ html: string; data: string } | null>;
}

/** A page is never held back for its first paint longer than this: past it, the plain app shell goes out. */
export const FIRST_PAINT_TIMEOUT_MS = 1_000;

const ROOT = '<div id="root"></div>';
/** Rejects a cache load for a page without a first paint, so that it is not kept. */
const NOT_DRAWN = Symbol('not drawn');

/**
 * Draws public pages into index.html on the server (see docs/decisions/010), with the visitor's own data:
 * the API is asked through `inject` with their cookie and address, so sessions, access and rate limits are
 * exactly those of the browser's own requests. Any failure, a slow database or a missing build serves the
 * plain shell, which works as before: the first paint is an improvement, never a dependency.
 */
export function createFirstPaintRenderer(
  options: {
    modulePath: string;
    cacheMs: number;
    /** Fills the page's head first (course meta tags); cached with the page. */
    head?: IndexHtmlRenderer;
  },
  log: FastifyBaseLogger,
): IndexHtmlRenderer {
  const { modulePath, head = (_request, html) => html } = options;
  // Visitors without a session all see the same page: drawn once per URL for as long as the catalogue is
  // cached (CATALOGUE_CACHE_SECONDS), so a rush of visitors costs one render each few seconds, not one each.
  const anonymousPages = new SingleFlightCache<string>(options.cacheMs, 500);
  let loading: Promise<FirstPaintModule | null> | undefined;
  const load = () => {
    loading ??= existsSync(modulePath)
      ? (import(pathToFileURL(modulePath).href) as Promise<FirstPaintModule>).catch((error: unknown) => {
          log.error(
            { err: error, modulePath },
            'first paint: the module failed to load; pages are drawn in the browser',
          );
          return null;
        })
      : Promise.resolve(null);
    return loading;
  };

  /** The page with its first paint, or null when it has none (not a drawn page, or drawing failed). */
  const draw = async (request: FastifyRequest, shell: string, firstPaint: FirstPaintModule): Promise<string | null> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const html = await head(request, shell);
      const drawn = await Promise.race([
        firstPaint.renderFirstPaint(request.url, (path) => askApi(request, path)),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), FIRST_PAINT_TIMEOUT_MS);
        }),
      ]);
      return drawn ? withFirstPaint(html, drawn, firstPaint) : null;
    } catch (error) {
      request.log.warn({ err: error }, 'first paint: drawing the page failed; the browser draws it');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  return async (request, shell) => {
    const firstPaint = shell.includes(ROOT) ? await load() : null;
    if (!firstPaint) return head(request, shell);
    if (request.cookies[SESSION_COOKIE]) return (await draw(request, shell, firstPaint)) ?? head(request, shell);
    // Only drawn pages are kept: a page without a first paint is cheap to ask again, and a failed one retries.
    return anonymousPages
      .get(request.url, async () => (await draw(request, shell, firstPaint)) ?? Promise.reject(NOT_DRAWN))
      .catch(() => head(request, shell));
  };
}

async function askApi(request: FastifyRequest, path: string) {
  const response = await request.server.inject({
    method: 'GET',
    url: `${API_PREFIX}${path}`,
    headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
    remoteAddress: request.ip,
  });
  return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : null };
}

/**
 * Puts the drawn markup into the root element and its data beside it. Resource hints React hoisted to the
 * front of the markup (image preloads) go into the head, where the browser finds them first.
 */
export function withFirstPaint(
  html: string,
  drawn: { html: string; data: string },
  names: Pick<FirstPaintModule, 'FIRST_PAINT_DATA_ID' | 'FIRST_PAINT_ATTRIBUTE'>,
): string {
  const hints = /^(?:<link [^>]*\/>)+/.exec(drawn.html)?.[0] ?? '';
  const body = drawn.html.slice(hints.length);
  const root = `<div id="root" ${names.FIRST_PAINT_ATTRIBUTE}>${body}</div>`;
  const data = `<script type="application/json" id="${names.FIRST_PAINT_DATA_ID}">${drawn.data}</script>`;
  // Replacer functions, so '$' in page text is never read as a replacement pattern.
  return html.replace('</head>', () => `${hints}</head>`).replace(ROOT, () => root + data);
}
