import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { API_PREFIX, type FirstPaint, type FirstPaintModule } from '@kaushal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { SingleFlightCache } from '../lib/single-flight-cache.ts';
import { SESSION_COOKIE } from '../modules/auth/index.ts';
import type { IndexHtmlRenderer } from './web.ts';

/** A page is never held back for its first paint longer than this: past it, the plain app shell goes out. */
export const FIRST_PAINT_TIMEOUT_MS = 1_000;

const ROOT = '<div id="root"></div>';
/** Where index.html takes a page's own head tags. */
const APP_HEAD = '<!--app-head-->';
/** Rejects a cache load for a page without a first paint, so that it is not kept. */
const NOT_DRAWN = Symbol('not drawn');

/**
 * Draws public pages into index.html on the server (see docs/decisions/011), with the visitor's own data:
 * the API is asked through `inject` with their cookie and address, so sessions, access and rate limits are
 * exactly those of the browser's own requests. Any failure, a slow database or a missing build serves the
 * plain shell, which works as before: the first paint is an improvement, never a dependency.
 *
 * Which pages are drawn, with which data, and with what head (title, description, link-preview tags) is the
 * web app's to say: its route table declares it, and the module (FirstPaintModule, packages/contract) applies
 * it. Nothing here knows a page's path.
 */
export function createFirstPaintRenderer(
  options: {
    modulePath: string;
    cacheMs: number;
    /** The public origin (PUBLIC_URL): the links of a page's head are absolute. */
    publicUrl: string;
  },
  log: FastifyBaseLogger,
): IndexHtmlRenderer {
  const { modulePath, publicUrl } = options;
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
  const draw = async (
    request: FastifyRequest,
    shell: string,
    firstPaint: FirstPaintModule,
    language: string,
  ): Promise<string | null> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const drawn = await Promise.race([
        firstPaint.renderFirstPaint(request.url, (path) => askApi(request, path), { publicUrl, language }),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), FIRST_PAINT_TIMEOUT_MS);
        }),
      ]);
      return drawn ? withFirstPaint(shell, drawn, firstPaint) : null;
    } catch (error) {
      request.log.warn({ err: error }, 'first paint: drawing the page failed; the browser draws it');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  return async (request, shell, language) => {
    const firstPaint = shell.includes(ROOT) ? await load() : null;
    if (!firstPaint) return shell;
    if (request.cookies[SESSION_COOKIE]) return (await draw(request, shell, firstPaint, language)) ?? shell;
    // Only drawn pages are kept: a page without a first paint is cheap to ask again, and a failed one retries.
    // Kept per language too: a visitor never gets a page drawn in another visitor's language.
    return anonymousPages
      .get(
        `${language} ${request.url}`,
        async () => (await draw(request, shell, firstPaint, language)) ?? Promise.reject(NOT_DRAWN),
      )
      .catch(() => shell);
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
 * Puts the drawn markup into the root element and its data beside it. The page's own head, when it has one,
 * replaces index.html's default title and description and takes the place of `<!--app-head-->`. Resource
 * hints React hoisted to the front of the markup (image preloads) go into the head, where the browser finds
 * them first.
 */
export function withFirstPaint(
  html: string,
  drawn: FirstPaint,
  names: Pick<FirstPaintModule, 'FIRST_PAINT_DATA_ID' | 'FIRST_PAINT_ATTRIBUTE'>,
): string {
  const hints = /^(?:<link [^>]*\/>)+/.exec(drawn.html)?.[0] ?? '';
  const body = drawn.html.slice(hints.length);
  const root = `<div id="root" ${names.FIRST_PAINT_ATTRIBUTE}>${body}</div>`;
  const data = `<script type="application/json" id="${names.FIRST_PAINT_DATA_ID}">${drawn.data}</script>`;
  // Replacer functions, so '$' in page text is never read as a replacement pattern.
  let out = html;
  if (drawn.head) {
    out = out
      .replace(/\s*<title>[\s\S]*?<\/title>/, '')
      .replace(/\s*<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, '');
    out = out.includes(APP_HEAD)
      ? out.replace(APP_HEAD, () => drawn.head)
      : out.replace('</head>', () => `${drawn.head}</head>`);
  }
  return out.replace('</head>', () => `${hints}</head>`).replace(ROOT, () => root + data);
}
