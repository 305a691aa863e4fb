// Small helpers shared by the root scripts (start, dev, test).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when a build output is missing or older than any of its sources. */
export function isStale(output, sources) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

export const BUILD_OUTPUTS = {
  web: [
    'apps/web/dist/index.html',
    ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src', 'content/site.json'],
  ],
  api: ['apps/api/dist/server.js', ['apps/api/src', 'packages/contract/src']],
};

export function needsBuild() {
  return Object.values(BUILD_OUTPUTS).some(([output, sources]) => isStale(output, sources));
}
