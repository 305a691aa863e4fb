import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';

async function useLightTheme(page: Page) {
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
}

const sidebar = (page: Page) => page.getByRole('region', { name: 'Your account' });

test.describe('sign-in screens are accessible', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`/login, also with a failure message, in the ${theme} theme`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('link', { name: 'Sign in with GitHub' })).toBeVisible();
      if (theme === 'light') await useLightTheme(page);
      await expectNoAxeViolations(page);

      await page.goto(`/login?error=${encodeURIComponent('You cancelled signing in with Google.')}`);
      await expect(page.getByText('You cancelled signing in with Google.').first()).toBeVisible();
      if (theme === 'light') await useLightTheme(page);
      await expectNoAxeViolations(page);
    });

    test(`the signed-in shell, sidebar expanded and collapsed, in the ${theme} theme`, async ({ page }) => {
      await signIn(page, { name: 'Axe Learner' });
      await page.goto('/profile');
      await expect(sidebar(page).getByText('Axe Learner', { exact: true })).toBeVisible();
      if (theme === 'light') await useLightTheme(page);
      await expectNoAxeViolations(page);
      await sidebar(page).getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(sidebar(page).getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('/login and the signed-in shell do not scroll sideways, menu open or closed', async ({ page }) => {
    const noSidewaysScroll = async () => {
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    };
    await page.goto('/login');
    await noSidewaysScroll();
    await signIn(page, { name: 'A Learner With A Rather Long Name For A Small Screen' });
    await noSidewaysScroll();
    await sidebar(page).getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Settings' })).toBeVisible();
    await noSidewaysScroll();
    await expectNoAxeViolations(page);
  });
});
