// npm run screenshots: PNGs of the home page, a course page, the lesson player and the dashboard at 375 and
// 1280 px wide, taken in Debian's Chromium from the built product, so a reviewer can look without signing in by
// hand. Starts the build (it builds nothing itself) on a free port with a fresh data folder, as the browser
// tests do, signs in through the local sign-in stand-in, enrolls in a free course and opens its first lesson.
// Writes ./screenshots/<page>-<width>.png; stops the product and removes the data folder at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';
import { needsBuild, root } from './lib.mjs';

const OUT = path.join(root, 'screenshots');
const WIDTHS = [
  { width: 375, height: 812, isMobile: true },
  { width: 1280, height: 900, isMobile: false },
];
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** How long any one wait (a page, a heading, the network going quiet) may take. */
const STEP_TIMEOUT_MS = 30_000;
const LEARNER = { name: 'Screenshot Learner', email: 'screenshots@example.com' };

class Failure extends Error {}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The built product on a free port with a fresh DATA_DIR (as e2e/support/product.ts starts it). */
async function startProduct() {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-screenshots-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Starts fast and plays the committed stand-in videos: no narrated lessons made in the background.
      DEMO_MEDIA: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Failure(`the product exited at start with code ${child.exitCode} (its log is above)`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Failure('the product did not answer /api/v1/health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, stop };
}

/** The first free course of the catalogue, as the API lists it. */
async function freeCourse(baseUrl) {
  const res = await fetch(`${baseUrl}/api/v1/courses`);
  if (!res.ok) throw new Failure(`GET /api/v1/courses answered ${res.status}`);
  const { items } = await res.json();
  const course = items.find((c) => c.price === 0);
  if (!course) throw new Failure('the catalogue has no free course to enroll in');
  return course;
}

/** Waits until the page shows real content: the heading is visible, fonts are loaded and the network is quiet. */
async function settle(page, heading) {
  await heading.first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(page, name, width, options = {}) {
  const file = path.join(OUT, `${name}-${width}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide', ...options });
  console.log(`  ${path.relative(root, file)}`);
}

/** Signs in through the local sign-in stand-in (GET /login, the provider button, the stand-in's form). */
async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in with Google' }).waitFor();
  await page.getByLabel('Name').fill(LEARNER.name);
  await page.getByLabel('Email').fill(LEARNER.email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

async function screenshotsAt(browser, baseUrl, course, viewport) {
  const { width } = viewport;
  const context = await browser.newContext({
    viewport: { width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  try {
    // The home page as a visitor sees it, with its demo video playing.
    await page.goto(`${baseUrl}/`);
    await settle(page, page.getByRole('heading', { level: 1 }));
    await page.locator('[data-testid="demo-video"][data-state="playing"]').waitFor();
    await shoot(page, 'home', width, { fullPage: true });

    await signIn(page, baseUrl);

    // The course page, enrolled (free): the side panel offers to start or continue.
    await page.goto(`${baseUrl}/course/${course.id}`);
    const panel = page.getByRole('complementary', { name: 'Enrollment' });
    await settle(page, page.getByRole('heading', { level: 1, name: course.title }));
    const enroll = panel.getByRole('button', { name: 'Enroll for Free' });
    const start = panel.getByRole('button', { name: /^(Start course|Continue: Lesson \d+)/ });
    await enroll.or(start).first().waitFor();
    if (await enroll.isVisible()) {
      await enroll.click();
      await start.first().waitFor();
    }
    await page.reload();
    await settle(page, page.getByRole('heading', { level: 1, name: course.title }));
    await start.first().waitFor();
    await shoot(page, 'course', width, { fullPage: true });

    // The lesson player: the first lesson open, its video showing a frame.
    await start.first().click();
    await page.waitForURL((url) => url.searchParams.has('lesson'));
    const player = page.getByRole('dialog');
    await player.waitFor();
    await player.locator('video').waitFor();
    await page.waitForFunction(
      () => {
        const video = document.querySelector('[role="dialog"] video');
        return video instanceof HTMLVideoElement && video.readyState >= 2 && video.currentTime > 0.5;
      },
      undefined,
      { timeout: STEP_TIMEOUT_MS },
    );
    await page.waitForLoadState('networkidle');
    await shoot(page, 'player', width);
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });

    // The dashboard, with the course enrolled and a lesson started.
    await page.goto(`${baseUrl}/dashboard`);
    await settle(page, page.getByRole('heading', { level: 1, name: /^Welcome back/ }));
    await page.getByRole('region', { name: 'My Courses' }).getByRole('listitem').first().waitFor();
    await shoot(page, 'dashboard', width, { fullPage: true });
  } catch (error) {
    const url = page.url();
    throw new Failure(`at ${width} px, on ${url}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  } finally {
    await context.close();
  }
}

async function main() {
  if (
    !existsSync(path.join(root, 'apps/api/dist/server.js')) ||
    !existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    throw new Failure('there is no built product (apps/api/dist/server.js): run `npm run build` first.');
  }
  if (needsBuild())
    console.warn('screenshots: the build is older than the sources; `npm run build` to see the latest.');
  const found = await ensureChromium();
  if (!found.ok) throw new Failure(found.message);

  mkdirSync(OUT, { recursive: true });
  const product = await startProduct();
  let browser;
  const onSignal = async (signal) => {
    await browser?.close().catch(() => {});
    await product.stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_FLAGS });
    const course = await freeCourse(product.baseUrl);
    console.log(`screenshots of ${product.baseUrl} (free course: ${course.id}) into ${path.relative(root, OUT)}/`);
    for (const viewport of WIDTHS) await screenshotsAt(browser, product.baseUrl, course, viewport);
  } finally {
    await browser?.close().catch(() => {});
    await product.stop();
  }
}

try {
  const started = performance.now();
  await main();
  console.log(`screenshots: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(`screenshots: failed: ${error instanceof Failure ? error.message : (error?.stack ?? error)}`);
  process.exitCode = 1;
}
