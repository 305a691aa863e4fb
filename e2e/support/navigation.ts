import { expect, type Page } from '@playwright/test';

/**
 * Arrives at the home or courses page the way a visitor moving around the site does: the app is already
 * running (it starts on /login, which only the browser draws) and fetches the page's data itself, so that
 * `page.route` can stand in for the API. A direct load arrives drawn by the server with its data instead
 * (e2e/first-paint.spec.ts).
 */
export async function openInApp(page: Page, path: '/' | '/courses'): Promise<void> {
  await page.goto('/login');
  const banner = page.getByRole('banner');
  const link =
    path === '/'
      ? banner.locator('a[href="/"]').first()
      : banner.getByRole('link', { name: 'Courses', exact: true }).first();
  await link.click();
  await expect(page).toHaveURL(path === '/' ? /\/$/ : /\/courses$/);
}
