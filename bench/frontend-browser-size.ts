// The JavaScript a learner downloads, measured in Chromium: every script the browser fetches until the network
// has been quiet (the server's first paint, the app, hydration, and whatever loads after it), gzip as sent by
// the built product. bench/frontend-size.mjs counts only what comes before the first paint; this counts it all.
//   npx tsx bench/frontend-browser-size.ts            the table per page, the biggest files of each
//   npx tsx bench/frontend-browser-size.ts --check    the budgets as a test (npm test runs it after the build)
// See docs/decisions/036-javascript-after-hydration-budget.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { startProduct } from '../e2e/support/product.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const KB = 1024;
/**
 * Gzipped JavaScript a visitor's browser loads until the network is idle, hydration included: issue 23's
 * targets, which `--check` enforces (decision 052: they hold since the app has its own router).
 */
export const BROWSER_BUDGETS = { home: 120 * KB, course: 140 * KB } as const;

/** A course of the seeded demo catalogue, and its first (free) lesson. */
const COURSE = 'rag-from-scratch';
const FREE_LESSON_TITLE = 'Why RAG, and when not to use it';
/** The network counts as idle once no request has started or ended for this long. */
const QUIET_MS = 2000;
const MAX_WAIT_MS = 30_000;

/** The lesson player's own chunk (a dynamic import of the course page), from Vite's manifest. */
const PLAYER_MODULE = 'src/features/learning/components/lesson-player-dialog.tsx';

interface Script {
  file: string;
  bytes: number;
}

export interface PageLoad {
  page: string;
  url: string;
  scripts: Script[];
  totalBytes: number;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const total = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.bytes, 0);

function playerChunk(): string | null {
  const manifestFile = path.resolve(import.meta.dirname, '../apps/web/dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; isDynamicEntry?: boolean }
  >;
  const entry = manifest[PLAYER_MODULE];
  return entry?.isDynamicEntry ? path.basename(entry.file) : null;
}

/**
 * Records every script the page's browser receives, with the bytes that came over the wire for its body
 * (Chromium's encodedDataLength less the response headers). The browser asks for gzip only, so the figures are
 * the gzip sizes the budget is written in, whatever the server would prefer (it also has brotli).
 */
async function recordScripts(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  const responses = new Map<string, { url: string; headerBytes: number; script: boolean }>();
  const scripts: Script[] = [];
  let lastActivity = Date.now();
  let inFlight = 0;
  cdp.on('Network.requestWillBeSent', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const script = type === 'Script' || /javascript/.test(response.mimeType);
    responses.set(requestId, { url: response.url, headerBytes: response.encodedDataLength, script });
  });
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFailed', settle);
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    settle();
    const response = responses.get(requestId);
    if (!response?.script) return;
    const file = new URL(response.url).pathname.split('/').pop() ?? response.url;
    scripts.push({ file, bytes: encodedDataLength - response.headerBytes });
  });
  return {
    scripts,
    /** Resolves once nothing has been asked or received for QUIET_MS (prefetches and idle-time imports included). */
    async quiet() {
      const deadline = Date.now() + MAX_WAIT_MS;
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${MAX_WAIT_MS} ms`);
        await page.waitForTimeout(100);
      }
    },
  };
}

async function measurePage(context: BrowserContext, name: string, url: string): Promise<PageLoad> {
  const page = await context.newPage();
  const recorder = await recordScripts(context, page);
  await page.goto(url, { waitUntil: 'load' });
  await recorder.quiet();
  // Hydrated: the app has taken over the server's markup (app/providers.tsx removes the attribute).
  await page.locator('#root[data-first-paint]').waitFor({ state: 'detached' });
  await page.close();
  const scripts = [...recorder.scripts].sort((a, b) => b.bytes - a.bytes);
  return { page: name, url, scripts, totalBytes: total(scripts) };
}

/** A signed-in learner opens the free lesson on the course page: the scripts that come with the click. */
async function measureLessonOpening(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  // The product's local sign-in stand-in (no OAuth keys configured).
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.close();

  const coursePage = await context.newPage();
  const recorder = await recordScripts(context, coursePage);
  await coursePage.goto(`${baseUrl}/course/${COURSE}`);
  await recorder.quiet();
  const beforeClick = recorder.scripts.map((s) => s.file);
  await coursePage
    .getByRole('region', { name: /^Lessons/ })
    .getByRole('button', { name: FREE_LESSON_TITLE })
    .click();
  await coursePage.getByRole('dialog', { name: FREE_LESSON_TITLE }).waitFor();
  await recorder.quiet();
  const withLesson = recorder.scripts.slice(beforeClick.length);
  await coursePage.close();
  return { beforeClick, withLesson };
}

export async function measureBrowserScripts() {
  const product = await startProduct();
  const browser = await chromium
    .launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
    .catch(async (error: unknown) => {
      await product.stop();
      throw error;
    });
  try {
    // A first visit each: a fresh context, nothing cached.
    const visit = async (name: string, url: string) => {
      const context = await browser.newContext();
      try {
        return await measurePage(context, name, url);
      } finally {
        await context.close();
      }
    };
    const home = await visit('home', `${product.baseUrl}/`);
    const course = await visit('course', `${product.baseUrl}/course/${COURSE}`);
    const context = await browser.newContext();
    const lesson = await measureLessonOpening(context, product.baseUrl).finally(() => context.close());
    return { home, course, lesson };
  } finally {
    await browser.close();
    await product.stop();
  }
}

function printPage(load: PageLoad, budget: number) {
  const holds = load.totalBytes <= budget ? 'holds' : 'OVER';
  console.log(
    `${load.page} page (${new URL(load.url).pathname}): ${kb(load.totalBytes)} gzip in ${load.scripts.length} scripts (budget ${kb(budget)}: ${holds})`,
  );
  const shown = process.argv.includes('--all') ? load.scripts.length : 8;
  for (const s of load.scripts.slice(0, shown)) console.log(`  ${kb(s.bytes).padStart(9)}  ${s.file}`);
  if (load.scripts.length > shown)
    console.log(
      `  ${kb(total(load.scripts.slice(shown))).padStart(9)}  ${load.scripts.length - shown} smaller scripts`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const player = playerChunk();
  const { home, course, lesson } = await measureBrowserScripts();
  if (process.argv.includes('--json')) {
    const totals = (load: PageLoad, budget: number) => ({
      bytes: load.totalBytes,
      scripts: load.scripts.length,
      budget,
    });
    console.log(
      JSON.stringify({ home: totals(home, BROWSER_BUDGETS.home), course: totals(course, BROWSER_BUDGETS.course) }),
    );
    process.exit(0);
  }
  printPage(home, BROWSER_BUDGETS.home);
  printPage(course, BROWSER_BUDGETS.course);
  console.log(
    `opening a lesson (signed in) loads: ${lesson.withLesson.map((s) => `${s.file} ${kb(s.bytes)}`).join(', ') || 'nothing'}`,
  );

  if (process.argv.includes('--check')) {
    const failures: string[] = [];
    for (const [load, budget] of [
      [home, BROWSER_BUDGETS.home],
      [course, BROWSER_BUDGETS.course],
    ] as const) {
      if (load.totalBytes > budget)
        failures.push(`the ${load.page} page loads ${kb(load.totalBytes)} (budget ${kb(budget)})`);
    }
    // The player loads when a lesson opens, and not before: on neither page, signed out or in.
    if (!player) failures.push(`the lesson player (${PLAYER_MODULE}) is not a chunk of its own`);
    else {
      for (const [where, files] of [
        ['home page', home.scripts.map((s) => s.file)],
        ['course page', course.scripts.map((s) => s.file)],
        ["signed-in learner's course page", lesson.beforeClick],
      ] as const) {
        if (files.includes(player))
          failures.push(`the ${where} loads the lesson player (${player}) before a lesson opens`);
      }
      if (!lesson.withLesson.some((s) => s.file === player))
        failures.push(`opening a lesson did not load the player's chunk (${player}): the check cannot see it`);
    }
    for (const failure of failures) console.error(`OVER: ${failure}`);
    if (failures.length === 0) console.log('within the budgets; the lesson player loads only when a lesson opens');
    process.exit(failures.length ? 1 : 0);
  }
}
