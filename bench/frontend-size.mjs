// Gzipped size of the JavaScript and CSS a route loads before its first paint, from Vite's manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

export const HOME_BUDGET_BYTES = 150 * 1024;

function loadManifest() {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

/** Files a chunk pulls in statically (itself, its static imports, their CSS), transitively. */
function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function measure(files) {
  let js = 0;
  let css = 0;
  for (const f of files) {
    if (f.endsWith('.js')) js += gz(f);
    else if (f.endsWith('.css')) css += gz(f);
  }
  return { js, css };
}

/**
 * The entry (src/boot.ts) with the app it starts (src/main.tsx, a dynamic import so that it can wait for the
 * server's first paint), plus one route's page chunk: what the browser needs before the app paints that route
 * (a route without a server-drawn first paint shows nothing until then).
 */
export function routeSizes() {
  const manifest = loadManifest();
  const entry = closure(manifest, 'index.html');
  for (const started of manifest['index.html']?.dynamicImports ?? []) closure(manifest, started, entry);
  const entrySize = measure(entry);
  // The staff console is one module holding its frame and every page (features/admin/console.tsx): its row is
  // the console's first load.
  const pages = Object.keys(manifest).filter((k) =>
    /(features|app\/routes)\/.+-page\.tsx$|features\/admin\/console\.tsx$/.test(k),
  );
  const routes = pages.map((key) => {
    const own = [...closure(manifest, key)].filter((f) => !entry.has(f));
    const size = measure(own);
    return { page: path.basename(key, '.tsx'), chunkJs: size.js, chunkCss: size.css, totalJs: entrySize.js + size.js };
  });
  // The files a visitor's home page loads, and the console's own chunks: the two must not meet.
  const homeKey = pages.find((k) => path.basename(k, '.tsx') === 'home-page');
  const homeFiles = homeKey ? closure(manifest, homeKey, new Set(entry)) : entry;
  const consoleFiles = Object.keys(manifest)
    .filter((k) => k.includes('features/admin/'))
    .map((k) => manifest[k].file);
  const consoleInHome = consoleFiles.filter((f) => homeFiles.has(f));
  return { entry: entrySize, routes, consoleInHome };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entry, routes, consoleInHome } = routeSizes();
  // --check: the budget as a test (npm test runs it after the build): fails when the home page outgrows it.
  if (process.argv.includes('--check')) {
    const home = routes.find((r) => r.page === 'home-page');
    if (!home) {
      console.error('home-page chunk not found in the Vite manifest');
      process.exit(1);
    }
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    if (consoleInHome.length > 0) {
      console.error(`the home page loads the staff console's code: ${consoleInHome.join(', ')}`);
      process.exit(1);
    }
    const ok = home.totalJs <= HOME_BUDGET_BYTES;
    console.log(
      `home page JavaScript before first paint: ${kb(home.totalJs)} gzip (budget ${kb(HOME_BUDGET_BYTES)}): ${ok ? 'within' : 'OVER'}; none of it from the staff console`,
    );
    process.exit(ok ? 0 : 1);
  }
  console.log(`entry: ${(entry.js / 1024).toFixed(1)} KB JS, ${(entry.css / 1024).toFixed(1)} KB CSS (gzip)`);
  for (const r of routes)
    console.log(`${r.page.padEnd(24)} +${(r.chunkJs / 1024).toFixed(1)} KB → ${(r.totalJs / 1024).toFixed(1)} KB JS`);
}
