import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { compiledCatalogs } from './vite-plugin-catalogs.ts';

const site = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site.json'), 'utf8')) as {
  productName: string;
  tagline: string;
};

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** What every page runs on (decision 036): React, TanStack Query and the class helpers. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
/**
 * TanStack Query's parallel and infinite queries: only the console's lists use them, so they go with the console's
 * code rather than in every page's framework chunk (decision 043).
 */
const CONSOLE_ONLY_QUERIES =
  /@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useQueries|useInfiniteQuery|useSuspenseInfiniteQuery|queriesObserver|infiniteQueryObserver)\.js$/;

const src = path.resolve(import.meta.dirname, 'src');
const contract = path.resolve(import.meta.dirname, '../../packages/contract');
const appParts = new WeakMap<Rolldown.ChunkingContext, { boot: Set<string>; shell: Set<string> }>();

/**
 * The modules a module imports statically, directly or not, packages excepted (a package's index lists all its
 * parts, every icon and every Radix primitive, used or not).
 */
function staticClosure(start: string, ctx: Rolldown.ChunkingContext) {
  const seen = new Set<string>();
  const visit = (moduleId: string) => {
    if (seen.has(moduleId) || moduleId.includes('node_modules')) return;
    seen.add(moduleId);
    for (const imported of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

/**
 * Which chunk of the app's frame a module belongs in (decision 036), or null for the automatic chunking:
 * - 'boot': what src/boot.ts (the page's script tag, run before the first paint) imports: the stored theme, the
 *   first-paint data check, the contract's values. One small chunk beside the entry.
 * - 'shell': what src/main.tsx imports (the app's frame: navigation, footer, providers, routes table, API client,
 *   session…). Every page loads all of it with main.tsx, so it is one chunk rather than dozens of small ones
 *   shared with the pages' chunks: fewer requests, and smaller gzipped as one file.
 */
function appPart(id: string, ctx: Rolldown.ChunkingContext): 'boot' | 'shell' | null {
  let parts = appParts.get(ctx);
  if (!parts) {
    const [bootEntry, mainEntry] = [path.join(src, 'boot.ts'), path.join(src, 'main.tsx')];
    const boot = staticClosure(bootEntry, ctx);
    const shell = new Set([...staticClosure(mainEntry, ctx)].filter((m) => !boot.has(m)));
    boot.delete(bootEntry);
    shell.delete(mainEntry);
    parts = { boot, shell };
    appParts.set(ctx, parts);
  }
  // Not the contract's modules by name: its index lists them all, schemas too, used or not. A group brings along
  // the parts of the contract (and of packages) that its modules use.
  if (id.startsWith(contract)) return null;
  if (parts.boot.has(id)) return 'boot';
  return parts.shell.has(id) ? 'shell' : null;
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compiledCatalogs(path.resolve(import.meta.dirname, 'src/lib/i18n/catalogs')),
    {
      // The brand comes from content/site.json, never from the markup.
      name: 'site-config-html',
      transformIndexHtml: (html) =>
        html.replaceAll('%PRODUCT_NAME%', site.productName).replaceAll('%TAGLINE%', site.tagline),
    },
  ],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@content': path.resolve(import.meta.dirname, '../../content'),
    },
  },
  server: {
    port: 5173,
    // In development the API runs beside Vite; the proxy makes it same-origin, like production.
    proxy: Object.fromEntries(
      ['/api', '/thumbnails', '/dev'].map((prefix) => [
        prefix,
        {
          target: apiTarget,
          configure: (proxy: {
            on: (event: 'proxyReq', fn: (req: { setHeader: (k: string, v: string) => void }) => void) => void;
          }) => {
            proxy.on('proxyReq', (req) => req.setHeader('origin', apiTarget.replace('127.0.0.1', 'localhost')));
          },
        },
      ]),
    ),
  },
  // The server's first paint (src/server/render-first-paint.tsx) is one self-contained file: the API loads it
  // without resolving any of the web app's packages.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/frontend-size.mjs reads it to measure what each route loads before first paint.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs on, in one chunk: src/boot.ts starts the app with import(), and left to
            // itself the bundler would cut this into many small chunks (more requests, worse compression).
            {
              name: (id) => (FRAMEWORK.test(id) && !CONSOLE_ONLY_QUERIES.test(id) ? 'framework' : null),
              priority: 2,
            },
            // Before the framework and the shell, whose modules import these (a group takes the modules its
            // modules import along): otherwise the entry would import the shell, before the first paint.
            { name: (id, ctx) => (appPart(id, ctx) === 'boot' ? 'boot' : null), priority: 3 },
            { name: (id, ctx) => (appPart(id, ctx) === 'shell' ? 'shell' : null), priority: 1 },
          ],
        },
      },
    },
  },
});
