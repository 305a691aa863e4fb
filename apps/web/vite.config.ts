import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const site = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site.json'), 'utf8')) as {
  productName: string;
  tagline: string;
};

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/frontend-size.mjs reads it to measure what each route loads before first paint.
    manifest: true,
  },
});
