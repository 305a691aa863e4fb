import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';

test('the dashboard, profile and settings have no axe violations, in the dark and the light theme', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { name: 'Nisha Verma' });
  const origin = new URL(page.url()).origin;
  expect((await page.request.post('/api/v1/courses/python-for-ai/enroll', { headers: { origin } })).status()).toBe(200);

  for (const theme of ['dark', 'light'] as const) {
    await page.request.put('/api/v1/users/me/settings', { headers: { origin }, data: { theme } });
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('heading', { name: 'Python for AI Engineers' })).toBeVisible();
    await expectNoAxeViolations(page, `dashboard (${theme})`);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expectNoAxeViolations(page, `profile in edit mode (${theme})`);

    await page.goto('/settings');
    await expect(page.getByRole('switch', { name: 'Email Notifications' })).toBeVisible();
    await expectNoAxeViolations(page, `settings (${theme})`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, `delete account dialog (${theme})`);
    await page.keyboard.press('Escape');
  }

  await page.route('**/api/v1/dashboard', (route) => route.fulfill({ status: 500, body: '{"code":"internal_error"}' }));
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with sample data');
});

test('the dashboard, profile and settings do not scroll sideways at 375 px', async ({ page }) => {
  await signIn(page, { name: 'Lakshmi Narayanan Subramanian' });
  const origin = new URL(page.url()).origin;
  await page.request.post('/api/v1/courses/responsible-ai/enroll', { headers: { origin } });
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, ready] of [
    ['/dashboard', 'Responsible AI for Engineers'],
    ['/profile', 'Account Stats'],
    ['/settings', 'Privacy and Security'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
