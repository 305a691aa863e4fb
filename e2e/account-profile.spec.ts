import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';

const sidebar = (page: Page) => page.getByRole('region', { name: 'Your account' });
const nameField = (page: Page) => page.getByLabel('Full Name');

test('profile: Edit, Cancel puts the name back, Save Changes keeps the new name everywhere and across reload', async ({
  page,
}) => {
  const { email } = await signIn(page, { name: 'Asha Menon' });
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Personal Information' });
  await expect(nameField(page)).toHaveValue('Asha Menon');
  await expect(card.getByLabel('Email')).toHaveValue(email);
  await expect(card.getByLabel('Email')).toBeDisabled();
  await expect(card.getByText('Cannot be changed')).toBeVisible();
  await expect(card.getByText('AM', { exact: true })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Account Stats' });
  await expect(stats).toContainText('Member sinceJanuary 2024');
  await expect(stats).toContainText('EmailVerified');
  await expect(stats).toContainText('Last loginToday');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await nameField(page).fill('Somebody Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(nameField(page)).toHaveValue('Asha Menon');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await nameField(page).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByRole('alert')).toHaveText('Name is required.');

  await nameField(page).fill('  Asha M. Menon ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Your profile has been updated successfully.', { exact: true })).toBeVisible();
  await expect(nameField(page)).toHaveValue('Asha M. Menon');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  // Everywhere at once: the sidebar and the top navigation show the new name without a reload.
  await expect(sidebar(page).getByText('Asha M. Menon', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Asha M. Menon', { exact: true })).toBeVisible();

  await page.reload();
  await expect(nameField(page)).toHaveValue('Asha M. Menon');
  await expect(sidebar(page).getByText('Asha M. Menon', { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Asha M. Menon!' })).toBeVisible();
});
