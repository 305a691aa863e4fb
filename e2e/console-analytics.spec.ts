import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Locator, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { type RunningProduct, startProduct } from './support/product.ts';
import { setRolesByEmail, signInWithStandIn } from './support/stand-in.ts';

// The console's analytics (decision 026): four learners watch the first (free, 96 s) lesson of RAG from Scratch
// different amounts through the player's own endpoints; the admin reads the course's funnel and the lesson's
// drop-off, whose numbers must be exactly what the script did; support sees the same without any money figure.
// A product of its own (a fresh database), so no other test's viewers are counted.
let product: RunningProduct;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});
test.describe.configure({ mode: 'serial' });

const COURSE = 'rag-from-scratch';
const LESSON = 'rag-from-scratch-01';
const LESSON_TITLE = 'Why RAG, and when not to use it';
const suffix = randomUUID().slice(0, 6);
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

type Step = ['play' | 'pause' | 'seek' | 'complete', number];

/** A learner of their own browser context opens the lesson's player session and sends these events. */
async function viewer(browser: Browser, name: string, steps: Step[], visitCoursePage = false) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithStandIn(
    page,
    { name: `${name} ${suffix}`, email: `${name.toLowerCase()}-${suffix}@example.com` },
    product.baseUrl,
  );
  const origin = product.baseUrl;
  if (visitCoursePage) {
    // The page is drawn by the server first; the app sends the visit once it has started there: wait for it.
    const counted = page.waitForResponse(
      (res) => res.url().endsWith(`/api/v1/courses/${COURSE}/visit`) && res.request().method() === 'POST',
    );
    await page.goto(`${origin}/course/${COURSE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'RAG from Scratch' })).toBeVisible();
    expect((await counted).status()).toBe(204);
  }
  const opened = await page.request.get(`${origin}/api/v1/lessons/${LESSON}/signed-url`);
  expect(opened.status()).toBe(200);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const events = steps.map(([eventType, positionSec]) => ({ sessionId, eventType, positionSec }));
  const sent = await page.request.post(`${origin}/api/v1/lessons/${LESSON}/events`, {
    headers: { origin },
    data: events,
  });
  expect(sent.status()).toBe(200);
  await context.close();
}

const rowsOf = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );

test('the admin reads a course funnel and a lesson’s drop-off that equal what the viewers did; support sees no revenue', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // A: watches to the end. B: stops at 48 s (50%). C: to 24 s, back to 12 s, on to 30 s (31.25%: seconds 12–23
  // twice). D: presses play and leaves.
  await viewer(
    browser,
    'Asha',
    [
      ['play', 0],
      ['complete', 96],
    ],
    true,
  );
  await viewer(browser, 'Bala', [
    ['play', 0],
    ['pause', 48],
  ]);
  await viewer(browser, 'Chitra', [
    ['play', 0],
    ['pause', 24],
    ['seek', 12],
    ['play', 12],
    ['pause', 30],
  ]);
  await viewer(browser, 'Dev', [['play', 0]]);

  await signInWithStandIn(page, 'demo admin', product.baseUrl);
  await page.goto(`${product.baseUrl}/admin/analytics?from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { name: 'Sales, enrollments and sign-ups' })).toBeVisible();
  await page.getByRole('button', { name: 'Update playback figures now' }).click();
  // The job may have rolled some up already (it runs every five minutes): how many is not the point.
  await expect(page.getByText(/^Updated: \d+ new events? counted/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Course' }).selectOption(COURSE);
  const funnel = page.getByRole('table', { name: 'Funnel of RAG from Scratch' });
  // The course-page visit reaches the database within ten seconds (counted in memory, written in batches).
  await expect(async () => {
    await page.getByRole('button', { name: 'Update playback figures now' }).click();
    expect(await rowsOf(funnel)).toEqual([
      ['Course page visitors', '1', '100%'],
      ['Signed-in visitors', '1', '100%'],
      ['Started a free lesson', '4', '400%'],
      ['Enrolled or paid', '0', '0%'],
      ['Started a paid lesson', '0', '0%'],
      ['Completed the course', '0', '0%'],
    ]);
  }).toPass({ timeout: 30_000 });
  const lessons = page.getByRole('table', { name: 'Lessons of RAG from Scratch' });
  expect((await rowsOf(lessons))[0]?.slice(0, 3)).toEqual([`1. ${LESSON_TITLE}(free)`, '4', '1']);

  await lessons.getByRole('link', { name: `Drop-off of ${LESSON_TITLE}` }).click();
  await expect(page.getByRole('heading', { name: `Drop-off: ${LESSON_TITLE}` })).toBeVisible();
  const chart = page.locator('figure', { hasText: 'Share of viewers still watching' });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  const points = await rowsOf(page.getByRole('table', { name: `Drop-off of ${LESSON_TITLE}` }));
  expect(points).toHaveLength(21);
  // [point, still watching, share, last seen there]
  expect(points[0]).toEqual(['0%', '4', '100%', '1']);
  expect(points[5]).toEqual(['25%', '3', '75%', '0']);
  expect(points[6]).toEqual(['30%', '3', '75%', '1']);
  expect(points[7]).toEqual(['35%', '2', '50%', '0']);
  expect(points[10]).toEqual(['50%', '2', '50%', '1']);
  expect(points[11]).toEqual(['55%', '1', '25%', '0']);
  expect(points[20]).toEqual(['100%', '1', '25%', '1']);
  const rewatched = await rowsOf(page.getByRole('table', { name: 'Most rewatched seconds (all time)' }));
  expect(rewatched).toEqual(Array.from({ length: 10 }, (_, i) => [`0:${12 + i}`, '1', '3']));
  for (const theme of ['dark', 'light'] as const) {
    const saved = await page.request.put(`${product.baseUrl}/api/v1/users/me/settings`, {
      headers: { origin: product.baseUrl },
      data: { theme },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('heading', { name: `Drop-off: ${LESSON_TITLE}` })).toBeVisible();
    await expectNoAxeViolations(page, `analytics with a funnel and a drop-off (${theme})`);
  }

  // Usable on a phone: nothing but the tables' own frames scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Support: the same figures, no money anywhere (the API leaves the fields out).
  const origin = product.baseUrl;
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  const supportWho = { name: `Sam Support ${suffix}`, email: `sam-${suffix}@example.com` };
  await signInWithStandIn(support, supportWho, product.baseUrl);
  await setRolesByEmail(page, origin, supportWho.email, ['support']);
  await support.goto(`${origin}/admin/analytics?from=${today}&to=${today}&course=${COURSE}&lesson=${LESSON}`);
  await expect(support.getByRole('heading', { name: 'Enrollments and sign-ups' })).toBeVisible();
  await expect(support.getByRole('heading', { name: `Drop-off: ${LESSON_TITLE}` })).toBeVisible();
  await expect(support.getByText(/Revenue|₹/)).toHaveCount(0);
  const overview = await support.request.get(`${origin}/api/v1/admin/analytics/overview?from=${today}&to=${today}`);
  expect(await overview.text()).not.toMatch(/revenue|refunds/);
  await supportContext.close();
});
