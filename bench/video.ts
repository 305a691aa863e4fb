/**
 * Video delivery (decisions 034, 039): segment requests per second through the HLS authorisation path (token
 * HMAC, lease, `media.send`), beside MP4 range requests of the same size through the signed media route, both by
 * autocannon in a process of its own; and the time until a player has its first frame's bytes, without a
 * browser: HLS (signed-url with the playlists, first segment) and MP4 (signed-url, then the first 512 KB). The
 * browser's own first-frame figures under throttling come from e2e/hls-playback.spec.ts. The app runs in this
 * process (PGlite in DIR).
 *   npx tsx bench/video.ts --data-dir DIR --out FILE [--duration 5] [--connections 20]
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
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

/**
 * Requests per second at `connections` concurrent connections for `duration` s, measured by autocannon in a
 * process of its own (the same client, method and settings for both paths; the server keeps this process's
 * event loop to itself). Every response is read whole.
 */
async function rate(url: string, headers: Record<string, string>) {
  const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');
  const headerArgs = Object.entries({ cookie, ...headers }).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const { stdout } = await promisify(execFile)(
    bin,
    ['-j', '-c', String(args.connections), '-d', String(args.duration), ...headerArgs, `${base}${url}`],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    perSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    megabytesPerSecond: r.throughput.average / 1e6,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const first = await open();
// A whole 4 s segment of the lowest rendition (the first two are 2 s halves), and an MP4 range of the same
// size: the same bytes per answer, so the difference is the path (token HMAC and lease against signature).
const segment = first.hls.url.replace('master.m3u8', '240p/seg-00002.ts');
const segmentBytes = (await (await get(segment)).arrayBuffer()).byteLength;
const mp4Range = { range: `bytes=0-${segmentBytes - 1}` };
if ((await get(first.url, mp4Range)).status !== 206) throw new Error('the MP4 range was not answered with 206');
// In the order HLS, MP4, MP4, HLS, each path's figure the mean of its two runs: whichever ran first (just after
// the transcode's own file work, the machine's other load) was slower, so a single run each measured the order.
type Rate = Awaited<ReturnType<typeof rate>>;
const runs: { hls: Rate[]; mp4: Rate[] } = { hls: [], mp4: [] };
for (const which of ['hls', 'mp4', 'mp4', 'hls'] as const) {
  runs[which].push(which === 'hls' ? await rate(segment, {}) : await rate(first.url, mp4Range));
}
const mean = (rs: Rate[]): Rate & { runs: number[] } => {
  const avg = (f: (r: Rate) => number) => rs.reduce((sum, r) => sum + f(r), 0) / rs.length;
  return {
    perSecond: avg((r) => r.perSecond),
    p50Ms: avg((r) => r.p50Ms),
    p99Ms: Math.max(...rs.map((r) => r.p99Ms)),
    megabytesPerSecond: avg((r) => r.megabytesPerSecond),
    non2xx: rs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rs.reduce((sum, r) => sum + r.errors, 0),
    runs: rs.map((r) => Math.round(r.perSecond)),
  };
};
const hlsRate = mean(runs.hls);
const mp4Rate = mean(runs.mp4);

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
// The first frame's bytes as the player fetches them, one after the other (no browser: the browser's own
// figure under throttling is e2e/hls-playback.spec.ts's). HLS: the session (which carries the master and the
// lowest rendition's playlists, decision 039), then the first segment. MP4: the session, then 512 KB.
const hlsStart = await timeRuns(async () => {
  const { hls } = await open();
  await (await get(hls.url.replace('master.m3u8', '240p/seg-00000.ts'))).arrayBuffer();
});
const mp4Start = await timeRuns(async () => {
  const { url } = await open();
  await (await get(url, { range: 'bytes=0-524287' })).arrayBuffer();
});

const result = {
  transcodeSeconds,
  segmentBytes,
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
