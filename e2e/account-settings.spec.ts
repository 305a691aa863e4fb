import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';

const htmlClass = (page: Page) => page.locator('html');

test('settings: defaults, the light theme applies at once, saved preferences persist and follow the learner', async ({
  page,
  browser,
}) => {
  const { email } = await signIn(page, { name: 'Meera Iyer' });
  await page.goto('/settings');
  for (const title of ['Notifications', 'Appearance', 'Language and Region', 'Privacy and Security']) {
    await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
  }
  // The spec's defaults.
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Course Reminders' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Auto-download Videos' })).not.toBeChecked();
  await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('dark');
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
  await expect(htmlClass(page)).toHaveClass(/\bdark\b/);

  await page.getByLabel('Theme', { exact: true }).selectOption('light');
  await expect(htmlClass(page)).toHaveClass(/\blight\b/);
  await expect(htmlClass(page)).not.toHaveClass(/\bdark\b/);
  await page.getByRole('switch', { name: 'Push Notifications' }).click();
  await page.getByRole('switch', { name: 'Email Notifications' }).click();
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Deutsch' });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  // The saved language applies at once (docs/decisions/030): the confirmation already speaks German.
  await expect(page.getByText('Einstellungen gespeichert', { exact: true })).toBeVisible();
  await expect(page.getByText('Deine Einstellungen wurden aktualisiert.', { exact: true })).toBeVisible();

  const saved = await (await page.request.get('/api/v1/users/me/settings')).json();
  expect(saved).toMatchObject({
    emailNotifications: false,
    pushNotifications: true,
    courseReminders: true,
    theme: 'light',
    language: 'de',
    autoDownloadVideos: false,
  });

  await page.reload();
  await expect(htmlClass(page)).toHaveClass(/\blight\b/);
  await expect(page.getByRole('switch', { name: 'Push-Benachrichtigungen' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'E-Mail-Benachrichtigungen' })).not.toBeChecked();
  await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
  // The theme is the whole app's, not the settings page's.
  await page.goto('/courses');
  await expect(htmlClass(page)).toHaveClass(/\blight\b/);

  // On another device (nothing remembered there), signing in brings the saved theme.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto('/');
    await expect(htmlClass(other)).toHaveClass(/\bdark\b/);
    await signIn(other, { name: 'Meera Iyer', email });
    await expect(htmlClass(other)).toHaveClass(/\blight\b/);
    // And the saved language (decision 030).
    await expect(htmlClass(other)).toHaveAttribute('lang', 'de');
    await expect(other.getByRole('banner').getByRole('link', { name: 'Kurse', exact: true })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test('settings: a theme tried but not saved is undone on leaving the page', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  await page.getByLabel('Theme', { exact: true }).selectOption('light');
  await expect(htmlClass(page)).toHaveClass(/\blight\b/);
  await page.getByRole('region', { name: 'Your account' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(htmlClass(page)).toHaveClass(/\bdark\b/);
});
