import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';

// Public pages arrive drawn by the server (apps/web/src/server/render-first-paint.tsx): readable before, and
// without, the app's JavaScript; the app then hydrates them in place with the same data.

interface CourseList {
  items: Array<{ id: string; title: string }>;
}

/** A page in a browser with JavaScript off: what the server drew is all there is. */
async function withoutJavaScript<T>(
  browser: Browser,
  run: (page: Page) => Promise<T>,
  storageState?: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>,
): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('first paint without JavaScript', () => {
  test('home, courses (any page), a course and the legal pages are readable; signed-in pages are not drawn', async ({
    browser,
    request,
  }) => {
    const second = (await (await request.get('/api/v1/courses?page=2&size=9')).json()) as CourseList;
    const featured = (await (await request.get('/api/v1/courses/featured')).json()) as CourseList['items'];
    const course = await (await request.get(`/api/v1/courses/${featured[0]?.id}`)).json();

    await withoutJavaScript(browser, async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('AI engineer');
      for (const c of featured) await expect(page.getByRole('link', { name: c.title }).first()).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

      await page.goto('/courses?page=2');
      const titles = page.getByRole('list', { name: 'Courses' }).getByRole('heading', { level: 2 });
      await expect(titles).toHaveText(second.items.map((c) => c.title));

      await page.goto(`/course/${course.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
      await expect(page.getByText(course.description)).toBeVisible();
      // A link works without the app: it loads the next page, drawn by the server too.
      await page.getByRole('banner').getByRole('link', { name: 'Courses' }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All courses');

      await page.goto('/terms-and-conditions');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');

      await page.goto('/dashboard');
      await expect(page.locator('#root')).toBeEmpty();
    });
  });

  test("a signed-in learner's first paint shows them signed in, and their name can never become markup", async ({
    browser,
    page,
  }) => {
    const name = 'Asha </script><script>window.pwned=1</script><b>Menon</b>';
    await signIn(page, { name });
    const state = await page.context().storageState();
    await withoutJavaScript(
      browser,
      async (plain) => {
        await plain.goto('/courses');
        await expect(
          plain.getByRole('banner').getByRole('button', { name: 'Logout', includeHidden: true }).first(),
        ).toBeAttached();
        await expect(plain.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
        await expect(plain.locator('b', { hasText: 'Menon' })).toHaveCount(0);
      },
      state,
    );
    // With JavaScript: the page hydrates, nothing of the name ran.
    await page.goto('/courses');
    await expect(page.locator('#root')).not.toHaveAttribute('data-first-paint');
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.locator('b', { hasText: 'Menon' })).toHaveCount(0);
  });
});

test.describe('first paint with JavaScript', () => {
  test('a device that chose the light theme paints the drawn page light, before any of the app has loaded', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/about-us');
    await page.evaluate(() => localStorage.setItem('kaushal.theme', 'light'));
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/courses', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveClass('light');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All courses');
    expect(violations).toEqual([]);
  });

  test('the app hydrates the drawn page without errors or refetching the session, then answers clicks', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const sessionProbes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/auth/me')) sessionProbes.push(r.url());
    });

    for (const path of ['/', '/courses', '/course/python-for-ai', '/about-us']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-encoding']).toBe('br');
      expect(await response?.text()).toContain('data-first-paint');
      await expect(page.locator('#root')).not.toHaveAttribute('data-first-paint');
    }
    expect(problems).toEqual([]);
    expect(sessionProbes).toEqual([]);

    // Hydrated: the pagination is the app's (no page load), and the next page's data comes from the API.
    await page.goto('/courses');
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/courses\?page=2$/);
    await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });
});
