import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { signIn } from './support/auth.ts';
import { lessonButton, player } from './support/course-page.ts';
import { fakeGoogleEnv } from './support/fake-oauth.ts';
import { type RunningProduct, startProduct } from './support/product.ts';

/**
 * Watch events queued in the player when the learner closes the tab are handed to the browser (sendBeacon on
 * pagehide) and still reach the database. Against a product of its own, so that the test can watch its event
 * counter (/metrics) until the beacon has landed, stop it, and read the rows in its database.
 */
const METRICS_TOKEN = 'e2e-beacon-metrics-token-0123456789';
let product: RunningProduct;
let dataDir: string;

test.beforeAll(async () => {
  const fake = process.env.E2E_FAKE_OAUTH_URL;
  if (!fake) throw new Error('E2E_FAKE_OAUTH_URL is not set: run the tests through playwright');
  dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-e2e-beacon-'));
  product = await startProduct({
    DATA_DIR: dataDir,
    METRICS_TOKEN,
    ...fakeGoogleEnv(fake),
  });
});

test.afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Watch events the server has stored since it started (Prometheus counter). */
async function eventsStored(): Promise<number> {
  const res = await fetch(`${product.baseUrl}/api/v1/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('video_events_ingested_total'));
  return Number(line?.split(' ')[1] ?? 0);
}

const videoState = (page: Page) =>
  page
    .getByRole('dialog')
    .locator('video')
    .evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused, seeking: v.seeking }));

test('events queued when the tab closes mid-lesson still reach the database', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: product.baseUrl });
  const page = await context.newPage();
  await signIn(page);
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/events')) posted.push(r.url());
  });
  await page.goto('/course/rag-from-scratch');
  const signed = page.waitForResponse((r) => r.url().endsWith('/lessons/rag-from-scratch-01/signed-url'));
  await lessonButton(page, 'Why RAG, and when not to use it').click();
  await expect(player(page, 'Why RAG, and when not to use it')).toBeVisible();
  const { sessionId } = (await (await signed).json()) as { sessionId: string };
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);

  // play (on open), pause, play, seek: four events, fewer than a batch, so nothing has been sent yet.
  await page.locator('[data-player-stage]').focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);
  const at = (await videoState(page)).time;
  await page.keyboard.press('ArrowRight');
  // Reported once the seek completes ('seeked').
  await expect
    .poll(async () => {
      const state = await videoState(page);
      return state.time >= at + 9.5 && !state.seeking;
    })
    .toBe(true);
  expect(posted).toEqual([]);
  expect(await eventsStored()).toBe(0);

  // The learner closes the tab.
  await page.close({ runBeforeUnload: true });
  await expect.poll(eventsStored, { timeout: 10_000 }).toBe(4);
  await context.close();

  await product.stop();
  const db = openPglite(path.join(dataDir, 'pglite'));
  try {
    const { rows } = await db.query<{ event_type: string; position_sec: number }>(
      'select event_type, position_sec from video_events where session_id = $1 order by id',
      [sessionId],
    );
    expect(rows.map((r) => r.event_type)).toEqual(['play', 'pause', 'play', 'seek']);
    expect(rows[3]?.position_sec).toBeGreaterThanOrEqual(at + 9.5);
  } finally {
    await db.close();
  }
});
