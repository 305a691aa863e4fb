import { expect, type Page, test } from '@playwright/test';
import { openInApp } from './support/navigation.ts';

interface Summary {
  id: string;
  title: string;
  description: string;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  price: number;
}

/** Spec: green for Beginner, yellow for Intermediate, red for Advanced. */
const HUES = { Beginner: 'green', Intermediate: 'yellow', Advanced: 'red' } as const;

/** The element's text colour as sRGB, whatever colour space the CSS uses (Tailwind 4 uses oklch). */
const rgbOf = (locator: import('@playwright/test').Locator) =>
  locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b };
  });

function hueOf({ r, g, b }: { r: number; g: number; b: number }): string {
  if (r > 180 && g > 180 && b < 0.75 * Math.min(r, g)) return 'yellow';
  if (g > r && g > b) return 'green';
  if (r > g && r > b) return 'red';
  return `rgb(${r}, ${g}, ${b})`;
}

const grid = (page: Page) => page.getByRole('list', { name: 'Courses' });
const cardTitles = (page: Page) => grid(page).getByRole('heading', { level: 2 }).allTextContents();

async function catalogue(request: import('@playwright/test').APIRequestContext, page: number) {
  const res = await request.get(`/api/v1/courses?page=${page}&size=9`);
  return (await res.json()) as { items: Summary[]; pages: number; total: number };
}

test.describe('courses page', () => {
  test('pages by 9 with Previous and Next, keeps the page in the URL, and back returns', async ({ page, request }) => {
    const first = await catalogue(request, 1);
    const second = await catalogue(request, 2);
    expect(first.pages).toBe(2);

    await page.goto('/courses');
    await expect(grid(page).getByRole('listitem')).toHaveCount(9);
    expect(await cardTitles(page)).toEqual(first.items.map((c) => c.title));
    await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/courses\?page=2$/);
    await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
    await expect(grid(page).getByRole('listitem')).toHaveCount(second.items.length);
    expect(await cardTitles(page)).toEqual(second.items.map((c) => c.title));
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.goBack();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
    await page.goForward();
    await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('a shared ?page=2 link opens page 2, and a page past the end shows the last page', async ({ page }) => {
    await page.goto('/courses?page=2');
    await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
    await page.goto('/courses?page=99');
    await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/courses\?page=2$/);
  });

  test('cards show the badge, title, shortened description, duration, students, rating and price', async ({
    page,
    request,
  }) => {
    const { items } = await catalogue(request, 1);
    await page.goto('/courses');
    for (const course of items) {
      const card = grid(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: course.title }) });
      const badge = card.locator(`[data-difficulty="${course.difficulty}"]`);
      await expect(badge).toHaveText(course.difficulty);
      expect(hueOf(await rgbOf(badge))).toBe(HUES[course.difficulty]);
      const price = course.price === 0 ? 'Free' : `₹${course.price.toLocaleString('en-IN')}`;
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      const text = (await card.locator('p').first().textContent()) ?? '';
      expect(text.length).toBeLessThanOrEqual(120);
      if (course.description.trim().length <= 120) expect(text).toBe(course.description.trim());
      await expect(card.getByText(/students$/)).toBeVisible();
    }
  });

  test("shows 'Error' and the spec's message when the list fails to load", async ({ page }) => {
    await page.route('**/api/v1/courses?*', (route) =>
      route.fulfill({ status: 503, json: { detail: 'down', code: 'database_unavailable' } }),
    );
    await openInApp(page, '/courses');
    const alert = page.getByRole('alert');
    await expect(alert.getByText('Error', { exact: true })).toBeVisible();
    await expect(alert.getByText('Failed to load courses. Please try again later.', { exact: true })).toBeVisible();
  });

  test("shows the empty state and no 'Page X of Y' without courses", async ({ page }) => {
    await page.route('**/api/v1/courses?*', (route) =>
      route.fulfill({ json: { items: [], pages: 0, page: 1, total: 0 } }),
    );
    await openInApp(page, '/courses');
    await expect(page.getByText('No courses available at the moment.', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
  });

  test("hides 'Page X of Y' when everything fits on one page", async ({ page, request }) => {
    const { items } = await catalogue(request, 1);
    await page.route('**/api/v1/courses?*', (route) =>
      route.fulfill({ json: { items: items.slice(0, 4), pages: 1, page: 1, total: 4 } }),
    );
    await openInApp(page, '/courses');
    await expect(grid(page).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
