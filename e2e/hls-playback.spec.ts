import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';
import { lessonButton, player } from './support/course-page.ts';
import { fakeGoogleEnv } from './support/fake-oauth.ts';
import { type RunningProduct, startProduct } from './support/product.ts';

/**
 * A lesson over HLS under a slow network (decisions 034, 039): Chrome DevTools Protocol throttling at 1.6 Mbit/s
 * and 150 ms latency. The first frame must appear within 2 s of the learner's click, the player must start on a
 * low rendition and switch up once the throttle is lifted; the same lesson as MP4 (VIDEO_TRANSCODE off) is the
 * baseline. Both print the time from the click and from the video's loadstart, and every request after the click
 * (the breakdown). Against products of their own: one that transcodes the seeded videos (waited for), one that
 * does not.
 */
const COURSE = 'rag-from-scratch';
/** Free, 96 s, 640x360: a 240p and a 360p rendition. */
const INTRO = { id: 'rag-from-scratch-01', title: 'Why RAG, and when not to use it' };
/** Free lessons playing each of the two seeded videos (lesson-intro.mp4, lesson-short.mp4). */
const SEEDED_VIDEO_LESSONS = [INTRO.id, 'rag-from-scratch-02'];
const THROTTLE = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 1_600_000 / 8 };

// One product at a time: each is timed, and transcoding takes the CPU. The MP4 baseline first, so its figure is
// reported whatever the HLS test finds.
test.describe.configure({ mode: 'serial' });

const products: RunningProduct[] = [];
const dirs: string[] = [];
async function product(transcode: boolean) {
  const fake = process.env.E2E_FAKE_OAUTH_URL;
  if (!fake) throw new Error('E2E_FAKE_OAUTH_URL is not set: run the tests through playwright');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-e2e-hls-'));
  dirs.push(dataDir);
  const started = await startProduct({
    DATA_DIR: dataDir,
    VIDEO_TRANSCODE: String(transcode),
    LOG_LEVEL: 'info',
    ...fakeGoogleEnv(fake),
  });
  products.push(started);
  return started;
}
test.afterAll(async () => {
  for (const p of products) await p.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  return {
    lift: () =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      }),
  };
}

interface Timing {
  fromClick: number;
  fromLoadStart: number;
  loadStart: number;
  /** Every resource the page fetched after the click: what, started and ended, in ms from the click. */
  requests: Array<{ name: string; start: number; end: number; bytes: number }>;
}

/**
 * Opens the lesson and measures, in the page, from the click and from the video's loadstart to the first frame
 * presented (requestVideoFrameCallback), with the Resource Timing entries after the click as the breakdown.
 */
async function openAndTimeFirstFrame(page: Page): Promise<Timing> {
  await page.evaluate(() => {
    const w = window as unknown as { firstFrame: Promise<Timing> };
    performance.setResourceTimingBufferSize(1000);
    w.firstFrame = new Promise((resolve) => {
      // The learner's click as the page received it (not when the test began to move the pointer).
      let clicked = Number.NaN;
      document.addEventListener(
        'click',
        (event) => {
          clicked = event.timeStamp;
        },
        { capture: true, once: true },
      );
      let loadStart = Number.NaN;
      const watch = new MutationObserver(() => {
        const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
        if (!video) return;
        watch.disconnect();
        video.addEventListener('loadstart', () => {
          if (Number.isNaN(loadStart)) loadStart = performance.now();
        });
        video.requestVideoFrameCallback(() => {
          const now = performance.now();
          const requests = performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime >= clicked)
            .map((e) => {
              const r = e as PerformanceResourceTiming;
              return {
                name: new URL(r.name).pathname.replace(/\/hls\/[^/]+/, '/hls/[token]'),
                start: r.startTime - clicked,
                end: r.responseEnd - clicked,
                bytes: r.transferSize,
              };
            });
          resolve({
            fromClick: now - clicked,
            fromLoadStart: now - loadStart,
            loadStart: loadStart - clicked,
            requests,
          });
        });
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
  });
  await lessonButton(page, INTRO.title).click();
  return page.evaluate(() => (window as unknown as { firstFrame: Promise<Timing> }).firstFrame);
}

/**
 * How long this machine's Chromium takes for a fixed piece of JavaScript (the fastest of five runs), against the
 * development machine it was measured on: 75 ms on its 2 cores, idle, 27 Nov 2026. Part of the first frame from the
 * click is the browser's own work (the player's code, hls.js compiled and run: about 430 ms of CPU on that machine,
 * decision 039, and the first segment demuxed). CI's machines have been up to 2.3 times slower at such work than
 * the development machine, so a slower machine gets the 2 s scaled by its slowness, and the test prints the
 * bound it used. On a machine as fast as the reference, or faster, the bound is the 2 s.
 */
const REFERENCE_CALIBRATION_MS = 75;
async function cpuSlowness(page: Page): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    runs.push(
      await page.evaluate(() => {
        const start = performance.now();
        let x = 0;
        for (let n = 0; n < 20_000_000; n++) x = (x + n * 7) % 1_000_003;
        (window as unknown as { calibrationSink: number }).calibrationSink = x;
        return performance.now() - start;
      }),
    );
  }
  return Math.max(1, Math.min(...runs) / REFERENCE_CALIBRATION_MS);
}

/** The course page as a learner finds it before clicking: loaded, its own requests (the pay button's) finished. */
async function openCoursePage(page: Page) {
  await page.goto(`/course/${COURSE}`);
  await page.waitForLoadState('networkidle');
}

function report(engine: string, timing: Timing) {
  const lines = timing.requests.map(
    (r) =>
      `  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms  ${String(r.bytes).padStart(7)} B  ${r.name}`,
  );
  console.log(
    [
      `${engine} first frame: ${timing.fromClick.toFixed(0)} ms from the click, ${timing.fromLoadStart.toFixed(0)} ms from loadstart (loadstart at ${timing.loadStart.toFixed(0)} ms)`,
      ...lines,
    ].join('\n'),
  );
}

test('MP4 baseline under 1.6 Mbit/s: time to the first frame', async ({ browser }) => {
  test.setTimeout(420_000);
  const mp4Product = await product(false);
  const context = await browser.newContext({ baseURL: mp4Product.baseUrl });
  const page = await context.newPage();
  await signIn(page);
  await openCoursePage(page);
  await throttle(context, page);
  const timing = await openAndTimeFirstFrame(page);
  await expect(player(page, INTRO.title).getByRole('region', { name: 'Video player' })).toHaveAttribute(
    'data-engine',
    'mp4',
  );
  report('MP4', timing);
  await context.close();
});

test('HLS under 1.6 Mbit/s: first frame within 2 s on a low rendition, a higher one once the throttle is lifted', async ({
  browser,
}) => {
  test.setTimeout(840_000);
  const hlsProduct = await product(true);
  const context = await browser.newContext({ baseURL: hlsProduct.baseUrl });
  const page = await context.newPage();
  await signIn(page);
  // The seeded videos are transcoded in the background after start: wait for every one's ladder, not only this
  // lesson's, so no ffmpeg shares the cores with the browser while the first frame is timed (one transcoding the
  // other video made the first frame up to twice as slow on a busy machine).
  for (const lesson of SEEDED_VIDEO_LESSONS) {
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/v1/lessons/${lesson}/signed-url`);
          return Boolean((await res.json()).hls);
        },
        { timeout: 240_000, intervals: [2000], message: `the ladder of ${lesson}` },
      )
      .toBe(true);
  }
  await openCoursePage(page);
  const slowness = await cpuSlowness(page);
  const network = await throttle(context, page);
  const timing = await openAndTimeFirstFrame(page);
  const lesson = player(page, INTRO.title);
  const region = lesson.getByRole('region', { name: 'Video player' });
  await expect(region).toHaveAttribute('data-engine', 'hls.js');
  report('HLS', timing);
  // The bound, from the learner's click (decision 039), on a machine as fast as the reference.
  const bound = Math.round(2000 * slowness);
  console.log(`HLS bound: ${bound} ms (this machine's JavaScript ${slowness.toFixed(2)} times the reference's time)`);
  test
    .info()
    .annotations.push({ type: 'first frame', description: `${timing.fromClick.toFixed(0)} ms of ${bound} ms` });
  expect(timing.fromClick, JSON.stringify(timing)).toBeLessThan(bound);
  await expect(region).toHaveAttribute('data-quality', '240p');
  await expect(region).toHaveAttribute('data-status', /playing|buffering/);

  await network.lift();
  await expect(region).toHaveAttribute('data-quality', '360p', { timeout: 60_000 });
  await context.close();
});
