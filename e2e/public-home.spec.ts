import { expect, type Page, test } from '@playwright/test';
import { openInApp } from './support/navigation.ts';

const featuredApi = '**/api/v1/courses/featured';

/** The <video> of the demo section, and its element for evaluate(). */
const demo = (page: Page) => page.getByTestId('demo-video');
const videoTime = (page: Page) =>
  demo(page)
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe('home page', () => {
  test('hero, stats strip, featured courses, why-choose, final call to action and footer', async ({
    page,
    request,
  }) => {
    const stats = (await (await request.get('/api/v1/stats')).json()) as { students: number; rating: number };
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI engineer');
    await expect(page.getByRole('link', { name: 'Sign in to start learning' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Watch Demo' })).toBeVisible();

    const figures = page.getByRole('region', { name: 'Key figures' });
    const expectedStudents = stats.students >= 1000 ? `${Math.floor(stats.students / 1000)}K+` : String(stats.students);
    await expect(figures.getByText(expectedStudents, { exact: true })).toBeVisible();
    await expect(figures.getByText(`${stats.rating.toFixed(1)}/5`, { exact: true })).toBeVisible();
    await expect(figures.getByText('20+', { exact: true })).toBeVisible();
    await expect(figures.getByText('CTOs consulted')).toBeVisible();
    await expect(figures.getByText('95%', { exact: true })).toBeVisible();
    await expect(figures.getByText('Job success in AI')).toBeVisible();

    const why = page.getByRole('region', { name: 'Why choose Kaushal AI?' });
    for (const offering of ['Project-based courses', 'Career support', 'Corporate training', 'Partnerships']) {
      await expect(why.getByRole('heading', { name: offering })).toBeVisible();
    }
    await expect(
      page.getByRole('region', { name: 'Ready to build the AI systems companies are hiring for?' }),
    ).toBeVisible();

    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Privacy Policy', '/privacy-policy'],
      ['Refund Policy', '/refund-policy'],
      ['Terms and Conditions', '/terms-and-conditions'],
      ['About Us', '/about-us'],
      ['Contact Us', '/contact-us'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('asks for the first page of ten courses and links to each', async ({ page }) => {
    const list = page.waitForResponse((r) => r.url().includes('/api/v1/courses?'));
    await openInApp(page, '/');
    const url = new URL((await list).url());
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('size')).toBe('10');
    const topics = page.getByRole('region', { name: 'Explore the catalogue' });
    await expect(topics.getByRole('listitem')).toHaveCount(11);
  });

  test('shows exactly 6 placeholders while the featured courses load', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(featuredApi, async (route) => {
      await gate;
      await route.continue();
    });
    await openInApp(page, '/');
    const section = page.getByRole('region', { name: 'Featured courses' });
    await expect(section.getByTestId('course-card-skeleton')).toHaveCount(6);
    // Same size before and after: the stats strip reserves its figures' space while loading.
    release();
    await expect(section.getByTestId('course-card-skeleton')).toHaveCount(0);
    await expect(section.getByRole('article').first()).toBeVisible();
  });

  test("shows 'Error' and the spec's message when the featured courses fail to load", async ({ page }) => {
    await page.route(featuredApi, (route) => route.fulfill({ status: 500, json: { code: 'internal_error' } }));
    await openInApp(page, '/');
    const section = page.getByRole('region', { name: 'Featured courses' });
    const alert = section.getByRole('alert');
    await expect(alert.getByText('Error', { exact: true })).toBeVisible();
    await expect(alert.getByText('Failed to load courses. Please try again later.', { exact: true })).toBeVisible();
  });

  test('the stats strip keeps its height while loading', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/stats', async (route) => {
      await gate;
      await route.continue();
    });
    await openInApp(page, '/');
    const strip = page.getByRole('region', { name: 'Key figures' });
    await expect(strip).toHaveAttribute('aria-busy', 'true');
    const before = await strip.boundingBox();
    release();
    await expect(strip).toHaveAttribute('aria-busy', 'false');
    const after = await strip.boundingBox();
    expect(after?.height).toBe(before?.height);
  });

  test('Watch Demo scrolls smoothly to the demo section', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Watch Demo' }).click();
    const heading = page.getByRole('heading', { name: 'See Kaushal AI in action' });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });
});

test.describe('home demo video', () => {
  test('streams with HTTP Range: 206, Content-Range, Accept-Ranges, video/mp4 and caching', async ({ request }) => {
    const full = await request.get('/api/v1/demo-video');
    expect(full.status()).toBe(200);
    expect(full.headers()['accept-ranges']).toBe('bytes');
    const size = Number(full.headers()['content-length']);
    expect(size).toBeGreaterThan(1000);

    const part = await request.get('/api/v1/demo-video', { headers: { Range: 'bytes=100-1099' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-type']).toBe('video/mp4');
    expect(part.headers()['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(part.headers()['cache-control']).toContain('max-age');
    expect((await part.body()).length).toBe(1000);
    expect((await part.body()).equals((await full.body()).subarray(100, 1100))).toBe(true);
  });

  test('autoplays muted and inline from 35 s, and loops back to 35 s after 80 s', async ({ page }) => {
    const ranges: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/demo-video')) ranges.push(r.status());
    });
    await page.goto('/');
    const video = demo(page).locator('video');
    await expect(demo(page)).toHaveAttribute('data-state', 'playing');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.playsInline, v.autoplay])).toEqual([
      true,
      true,
      true,
    ]);
    const start = await videoTime(page);
    expect(start).toBeGreaterThanOrEqual(35);
    await expect.poll(() => videoTime(page)).toBeGreaterThan(start + 0.5);
    expect(ranges).toContain(206);

    // Jump near the loop end: playback must come back to the loop start.
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 79.6;
    });
    await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeLessThan(40);
    expect(await videoTime(page)).toBeGreaterThanOrEqual(35);
    await expect(demo(page)).toHaveAttribute('data-state', 'playing');
  });

  test('shows a play overlay when autoplay is blocked, and plays on click', async ({ page }) => {
    // Behave like a browser that blocks autoplay: the autoplay attribute does nothing and the first play()
    // call is refused with NotAllowedError; later calls (after the visitor's click) play.
    await page.addInitScript(() => {
      const setAttribute = Element.prototype.setAttribute;
      Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
        if (this instanceof HTMLMediaElement && name.toLowerCase() === 'autoplay') return;
        setAttribute.call(this, name, value);
      };
      const play = HTMLMediaElement.prototype.play;
      let refused = false;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!refused) {
          refused = true;
          return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
        }
        return play.call(this);
      };
    });
    await page.goto('/');
    const overlay = demo(page).getByRole('button', { name: 'Play demo video' });
    await expect(overlay).toBeVisible();
    await expect(demo(page)).toHaveAttribute('data-state', 'paused');
    await overlay.click();
    await expect(demo(page)).toHaveAttribute('data-state', 'playing');
    await expect(overlay).toBeHidden();
    await demo(page).getByRole('button', { name: 'Pause demo video' }).click();
    await expect(demo(page)).toHaveAttribute('data-state', 'paused');
    await expect(overlay).toBeVisible();
  });

  test("says 'Failed to load demo video' and Retry loads the source again", async ({ page }) => {
    let failing = true;
    let requests = 0;
    await page.route('**/api/v1/demo-video*', (route) => {
      requests++;
      return failing ? route.abort('connectionfailed') : route.continue();
    });
    await page.goto('/');
    const alert = demo(page).getByRole('alert');
    await expect(alert.getByText('Failed to load demo video', { exact: true })).toBeVisible();
    await expect(demo(page)).toHaveAttribute('data-state', 'error');
    const failedRequests = requests;

    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(demo(page)).toHaveAttribute('data-state', 'playing');
    expect(requests).toBeGreaterThan(failedRequests);
    await expect.poll(() => videoTime(page)).toBeGreaterThan(35);
  });
});
