/**
 * Video delivery (decision 034): segment requests per second through the HLS authorisation path (token HMAC,
 * lease, `media.send` with Range), beside the MP4 media route's signed requests; and the time until a player has
 * its first frame's bytes, without a browser: HLS (signed-url, master, rendition playlist, first segment, one after
 * the other as a player fetches them) and MP4 (signed-url, then the first 512 KB). The browser's own first-frame
 * figures under throttling come from e2e/hls-playback.spec.ts. The app runs in this process (PGlite in DIR).
 *   npx tsx bench/video.ts --data-dir DIR --out FILE [--duration 5] [--connections 20]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openConfiguredDatabase, seedIfEmpty } from '../apps/api/src/bootstrap.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { loadSiteConfig } from '../apps/api/src/content/load.ts';
import { lessons, users } from '../apps/api/src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '../apps/api/src/modules/auth/session.ts';
import { transcodeSource } from '../apps/api/src/modules/streaming/index.ts';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/results/video-data' },
    out: { type: 'string', default: 'bench/results/video.json' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
  },
});
const LESSON = 'rag-from-scratch-01';
const dataDir = path.resolve(args['data-dir'] ?? '');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PUBLIC_URL: 'http://127.0.0.1:3999',
  DEMO_MEDIA: 'false',
  JOBS_WORKER: 'false',
  LOG_LEVEL: 'silent',
});
const database = await openConfiguredDatabase(config, 'server');
const app = await buildApp({ config, database, site: await loadSiteConfig(config.contentDir), logger: false });
await seedIfEmpty(config, database, { info() {} });
const [user] = await database.db.insert(users).values({ email: 'bench-video@example.com', name: 'Bench' }).returning();
const { token } = await createSession(database.db, user?.id ?? '', new Date());
const cookie = `${SESSION_COOKIE}=${token}`;
const [lesson] = await database.db.select().from(lessons).where(eq(lessons.id, LESSON));
const started = performance.now();
await transcodeSource(
  { db: database.db, media: app.deps.media, log: { info() {}, warn() {}, error: console.error } },
  lesson?.videoRef ?? '',
);
const transcodeSeconds = (performance.now() - started) / 1000;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers: { cookie, ...headers } });
const open = async () =>
  (await (await get(`/api/v1/lessons/${LESSON}/signed-url`)).json()) as { url: string; hls: { url: string } };

/** Requests per second from `connections` concurrent clients, each sending the next as soon as one is answered. */
async function rate(url: string, headers: Record<string, string>) {
  const until = performance.now() + Number(args.duration) * 1000;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const client = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        const res = await get(url, headers);
        await res.arrayBuffer();
        if (res.status >= 300) non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(args.connections) }, client));
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p99Ms: Math.round(latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0),
    non2xx,
    errors,
  };
}

const first = await open();
const segment = first.hls.url.replace('master.m3u8', '240p/seg-00001.ts');
const hlsRate = await rate(segment, {});
const mp4Rate = await rate(first.url, { range: 'bytes=0-65535' });

async function timeRuns(run: () => Promise<void>, runs = 20) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)] ?? 0, p95: times[Math.ceil(runs * 0.95) - 1] ?? 0 };
}
const hlsStart = await timeRuns(async () => {
  const { hls } = await open();
  await (await get(hls.url)).text();
  await (await get(hls.url.replace('master.m3u8', '240p/index.m3u8'))).text();
  await (await get(hls.url.replace('master.m3u8', '240p/seg-00000.ts'))).arrayBuffer();
});
const mp4Start = await timeRuns(async () => {
  const { url } = await open();
  await (await get(url, { range: 'bytes=0-524287' })).arrayBuffer();
});

const result = {
  transcodeSeconds,
  hlsRate,
  mp4Rate,
  hlsStart,
  mp4Start,
  duration: Number(args.duration),
  connections: Number(args.connections),
};
writeFileSync(args.out ?? '', JSON.stringify(result, null, 2));
await app.close();
await database.close();
process.exit(0);
