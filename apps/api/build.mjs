// Bundles the API into dist/ (the contract workspace is inlined; npm packages stay external).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kaushal/'));

await build({
  entryPoints: { server: 'src/server.ts', seed: 'src/cli/seed.ts', 'pdf-worker': 'src/pdf-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
