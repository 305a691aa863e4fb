// Writes .br and .gz beside each text asset of a build folder, so the server sends them pre-compressed
// (@fastify/static `preCompressed`) without compressing on every request.
//   node scripts/compress-assets.mjs apps/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|vtt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

const dir = path.resolve(process.argv[2] ?? 'dist');
let count = 0;
for (const file of files(dir)) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`compressed ${count} assets in ${path.relative(process.cwd(), dir) || '.'}`);
