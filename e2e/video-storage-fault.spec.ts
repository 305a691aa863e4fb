import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth.ts';
import { lessonButton, player } from './support/course-page.ts';
import { fakeGoogleEnv } from './support/fake-oauth.ts';
import { type RunningProduct, startProduct } from './support/product.ts';

/**
 * The media store failing in the middle of a lesson (decision 039): every segment request answers 503 from some
 * point on. hls.js retries (the learner keeps watching what is buffered), then the player shows 'Failed to load
 * video' with the reason and Retry; once the store answers again, Retry opens a new video session and goes on
 * from where the video stopped. Against a product of its own that transcodes the seeded videos.
 */
const COURSE = 'rag-from-scratch';
/** Free, 96 s, 640x360: a 240p and a 360p rendition. */
const INTRO = { id: 'rag-from-scratch-01', title: 'Why RAG, and when not to use it' };
const SEGMENTS = '**/api/v1/hls/**/seg-*.ts';

let product: RunningProduct | undefined;
let dataDir = '';
test.beforeAll(async () => {
  const fake = process.env.E2E_FAKE_OAUTH_URL;
  if (!fake) throw new Error('E2E_FAKE_OAUTH_URL is not set: run the tests through playwright');
  dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-e2e-fault-'));
  product = await startProduct({ DATA_DIR: dataDir, VIDEO_TRANSCODE: 'true', ...fakeGoogleEnv(fake) });
});
test.afterAll(async () => {
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('segments failing mid-lesson: the error with Retry, and Retry goes on at the same point once they load', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const context = await browser.newContext({ baseURL: product?.baseUrl });
  const page = await context.newPage();
  await signIn(page);
  await expect
    .poll(async () => Boolean((await (await page.request.get(`/api/v1/lessons/${INTRO.id}/signed-url`)).json()).hls), {
      timeout: 240_000,
      intervals: [2000],
    })
    .toBe(true);

  await page.goto(`/course/${COURSE}`);
  await lessonButton(page, INTRO.title).click();
  const lesson = player(page, INTRO.title);
  const region = lesson.getByRole('region', { name: 'Video player' });
  const video = lesson.locator('video');
  await expect(region).toHaveAttribute('data-engine', 'hls.js');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(2);

  // Where the video was when it stopped (hls.js, giving up, detaches the element, whose time then reads 0).
  await video.evaluate((v: HTMLVideoElement) => {
    v.addEventListener('timeupdate', () => {
      if (v.currentTime > 0) (window as unknown as { lastPlayed: number }).lastPlayed = v.currentTime;
    });
  });
  // The store goes down: every segment from now on answers 503.
  let refused = 0;
  await page.route(SEGMENTS, (route) => {
    refused++;
    return route.fulfill({ status: 503, body: 'Service Unavailable' });
  });
  const failure = lesson.getByRole('alert');
  // hls.js retries for about half a minute (while the learner watches what is buffered) before it gives up.
  await expect(failure).toContainText('Failed to load video', { timeout: 120_000 });
  await expect(failure).toContainText('The video storage is not answering right now');
  expect(refused).toBeGreaterThan(1);
  await expect(region).toHaveAttribute('data-status', 'error');
  const stoppedAt = await page.evaluate(() => (window as unknown as { lastPlayed: number }).lastPlayed);
  expect(stoppedAt).toBeGreaterThan(2);

  // Back up: Retry opens a new session and goes on from the same point.
  await page.unroute(SEGMENTS);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(region).toHaveAttribute('data-engine', 'hls.js');
  await expect
    .poll(() => lesson.locator('video').evaluate((v: HTMLVideoElement) => (v.paused ? -1 : v.currentTime)), {
      timeout: 30_000,
    })
    .toBeGreaterThan(stoppedAt);
  const resumedAt = await lesson.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  // Not from the start: within a few seconds of where it stopped (it has played on since).
  expect(resumedAt).toBeGreaterThanOrEqual(stoppedAt - 1);
  expect(resumedAt).toBeLessThan(stoppedAt + 10);
  console.log(
    `stopped at ${stoppedAt.toFixed(1)} s after ${refused} refused segment requests; resumed at ${resumedAt.toFixed(1)} s`,
  );
  await context.close();
});
