// `npm run test:load`: 200 signed-in learners watching lessons and browsing the catalogue at once, against the
// built product on PostgreSQL (a fresh database of its own beside TEST_DATABASE_URL or DATABASE_URL), on
// 127.0.0.1. Passes when no answer is a 5xx or any other failure, and the database holds exactly what the
// clients were acknowledged. Ends with `N passed, N failed`; exits non-zero on any failure.
//
//   npm run test:load [-- --learners 200 --seconds 120 --compression 10]
//
// Time compression: playback runs `compression` times faster than real time. With the defaults every learner
// sends a progress report each second of the two-minute run (each one 10 s of simulated playback, the web
// player's rhythm), so 120 s of load carry 20 minutes of watching per learner. The server credits watched
// seconds only as fast as real time allows (decision 002), so lessons are not completed by the 90% rule here.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_OUTPUTS, isStale } from '../scripts/lib.mjs';
import { planLearners, runLearner } from './learner.mjs';
import { createDatabase, insertLearners, readStored, startProduct } from './product.mjs';
import { createLedger, createRecorder } from './recorder.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    learners: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '120' },
    compression: { type: 'string', default: '10' },
  },
});
const LEARNERS = Number(options.learners);
const SECONDS = Number(options.seconds);
const COMPRESSION = Number(options.compression);
/** One progress report per 10 s of playback, compressed. */
const TICK_MS = 10_000 / COMPRESSION;

const log = (...args) => console.log(`[load ${new Date().toISOString().slice(11, 19)}]`, ...args);
const checks = [];
const check = (name, ok, detail) => {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};

const baseDatabaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!baseDatabaseUrl) {
  console.error('The load test runs on PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server it may');
  console.error('create a database on, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const [output, sources] = BUILD_OUTPUTS.api;
if (isStale(output, sources)) {
  log('building the API (apps/api/dist is missing or older than its sources)');
  execFileSync('npm', ['run', 'build', '-w', '@kaushal/api'], { cwd: root, stdio: 'inherit' });
}

const database = await createDatabase(baseDatabaseUrl);
let product;
try {
  product = await startProduct(database.url);
  log(`product on ${product.baseUrl}, database ${new URL(database.url).pathname.slice(1)}`);
  const learners = await insertLearners(database.url, LEARNERS);
  const recorder = createRecorder(product.baseUrl);
  const ledger = createLedger();
  const plans = await planLearners(recorder, LEARNERS);

  log(`${LEARNERS} learners for ${SECONDS} s, a progress report every ${TICK_MS} ms (playback ${COMPRESSION}x)`);
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const ticks = await Promise.all(
    learners.map((learner, i) => runLearner({ learner, plan: plans[i], recorder, ledger, tickMs: TICK_MS, deadline })),
  );
  const elapsed = (Date.now() - started) / 1000;
  const stored = await readStored(database.url);

  const rows = recorder.summary();
  const total = rows.reduce((n, r) => n + r.requests, 0);
  console.log(`\n${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s)`);
  console.log('kind         requests   p50 ms   p99 ms   5xx   other failures');
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(12)} ${String(r.requests).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99
        .toFixed(1)
        .padStart(8)} ${String(r.serverErrors).padStart(5)} ${String(r.otherFailures).padStart(16)}`,
    );
  }
  const pairs = [...ledger.progress];
  const reports = pairs.filter(([, p]) => p.last === 'progress');
  const storedResume = new Map(stored.progress.map((r) => [`${r.user_id} ${r.lesson_id}`, r.resume_seconds]));
  const wrongResume = reports.filter(([key, p]) => storedResume.get(key) !== p.position);
  console.log(
    `\nacknowledged vs stored: events ${ledger.events} / ${stored.events} (${ledger.eventBatches} batches), ` +
      `progress rows ${pairs.length} / ${stored.progress.length}, video sessions ${ledger.videoSessions} / ` +
      `${stored.videoSessions}, enrollments ${ledger.enrollments.size} / ${stored.enrollments}\n`,
  );

  const serverErrors = rows.reduce((n, r) => n + r.serverErrors, 0);
  const failures = rows.flatMap((r) =>
    [...r.statuses].filter(([s]) => s === 0 || (s >= 400 && s < 500)).map(([s, n]) => `${n}× ${s} on ${r.kind}`),
  );
  check('no 5xx answer', serverErrors === 0, `${serverErrors} of ${total}`);
  check('no other failed request (4xx, no answer)', failures.length === 0, failures.join(', ') || 'none');
  // A learner's reports are paced by the clock: half of the ticks the run allows shows one was not starved.
  const expectedTicks = (SECONDS * 1000) / TICK_MS;
  const starved = ticks.filter((t) => t < expectedTicks / 2).length;
  check('every learner kept playing through the run', starved === 0, `${starved} fell behind`);
  check('stored events equal acknowledged events', stored.events === ledger.events, `${stored.events}`);
  check('progress rows equal acknowledged lessons', stored.progress.length === pairs.length);
  check(
    'each resume position equals the last acknowledged report',
    wrongResume.length === 0,
    `${reports.length - wrongResume.length} of ${reports.length}`,
  );
  check('video sessions equal acknowledged openings', stored.videoSessions === ledger.videoSessions);
  check('enrollments equal acknowledged enrollments', stored.enrollments === ledger.enrollments.size);
} catch (error) {
  console.error(error);
  check('the load run completed', false);
} finally {
  await product?.stop();
  await database.drop();
}

const passed = checks.filter((c) => c.ok).length;
console.log(`${passed} passed, ${checks.length - passed} failed`);
process.exit(passed === checks.length ? 0 : 1);
