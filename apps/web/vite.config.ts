import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './vite-plugin-catalogs.ts';

const site = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site.json'), 'utf8')) as {
  productName: string;
  tagline: string;
};

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compiledCatalogs(path.resolve(import.meta.dirname, 'src/i18n/catalogs')),
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
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
