// The bench's progress step alone, against one build, with the CPU it cost (decision 041): 50 connections, each
// request a learner of the bench's fixtures in turn, 2 s of warm-up, then the measured seconds. Prints reports/s,
// latency, and CPU ms per 1,000 reports of the API process and of the PostgreSQL backends of its pool (/proc).
// Needs a database made by `npm run bench` (or bench/generate.ts). Alternate builds in one window to compare them:
//   node bench/progress-load.mjs [--server apps/api/dist/server.js] [--seconds 8] [--cpu-prof-dir DIR]
// With DATABASE_URL set, the product runs on PostgreSQL (fixtures-postgres.json, data-postgres) as in run.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    server: { type: 'string', default: 'apps/api/dist/server.js' },
    seconds: { type: 'string', default: '8' },
    'cpu-prof-dir': { type: 'string' },
  },
});
const databaseUrl = process.env.DATABASE_URL || '';
const results = path.join(root, 'bench/results');
const fixtures = JSON.parse(
  readFileSync(path.join(results, databaseUrl ? 'fixtures-postgres.json' : 'fixtures.json'), 'utf8'),
);

/** user + system CPU of a process in ms (Linux /proc; clock ticks of 10 ms). */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};
const poolBackends = () =>
  databaseUrl
    ? execFileSync(
        'psql',
        [
          databaseUrl,
          '-Atc',
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        ],
        {
          encoding: 'utf8',
        },
      )
        .split('\n')
        .filter(Boolean)
    : [];

const port = 40_000 + Math.floor(Math.random() * 10_000);
const base = `http://127.0.0.1:${port}`;
const profile = opts['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${opts['cpu-prof-dir']}`] : [];
const child = spawn(process.execPath, [...profile, opts.server], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: path.join(results, databaseUrl ? 'data-postgres' : 'data'),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    // Nothing transcodes beside the load (run.mjs waits for the start-up transcodes instead).
    VIDEO_TRANSCODE: 'false',
  },
  stdio: ['ignore', openSync(path.join(results, 'product.log'), 'a'), 'inherit'],
});
// A product that stops before it answers (a bad build, a port taken) ends the run instead of leaving it waiting.
const exitedEarly = (code, signal) => {
  console.error(`the product stopped before it answered (exit ${code ?? signal}); its log: bench/results/product.log`);
  process.exit(1);
};
child.once('exit', exitedEarly);
for (;;) {
  try {
    if ((await fetch(`${base}/api/v1/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 50));
}
child.off('exit', exitedEarly);

const learners = fixtures.learners.filter((l) => l.token);
let turn = 0;
const nextRequest = () => {
  const l = learners[turn++ % learners.length];
  return {
    method: 'PUT',
    path: `/api/v1/lessons/${l.lessonId}/progress`,
    headers: { origin: base, 'content-type': 'application/json', cookie: `kaushal_session=${l.token}` },
    body: JSON.stringify({ watchSeconds: 10 * (1 + (turn % 9)), completed: false }),
  };
};
const load = (duration) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url: base, connections: 50, duration, requests: [{ setupRequest: (r) => ({ ...r, ...nextRequest() }) }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

await load(2);
const loadAverage = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const backends = poolBackends();
const before = {
  node: cpuMs(child.pid),
  db: backends.reduce((sum, pid) => sum + cpuMs(pid), 0),
  load: process.cpuUsage(),
};
const r = await load(Number(opts.seconds));
const n = r.requests.total;
const loadCpu = process.cpuUsage(before.load);
console.log(
  JSON.stringify({
    server: opts.server,
    database: databaseUrl ? 'postgres' : 'pglite',
    reportsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    nodeCpuMsPer1000: Math.round((1000 * (cpuMs(child.pid) - before.node)) / n),
    databaseCpuMsPer1000: databaseUrl
      ? Math.round((1000 * (backends.reduce((sum, pid) => sum + cpuMs(pid), 0) - before.db)) / n)
      : undefined,
    // The load generator (autocannon, in this process) shares the machine's cores with the server.
    loadGeneratorCpuMsPer1000: Math.round((loadCpu.user + loadCpu.system) / n),
    loadAverage,
  }),
);
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
