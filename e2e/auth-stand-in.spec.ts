import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { type RunningProduct, startProduct } from './support/product.ts';

// The embedded default start: no OAuth keys, so both providers are the local development stand-in. A
// product of its own, because the shared one is pointed at the fake OAuth server.
let product: RunningProduct;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});

test('a newcomer signs in with the stand-in and sees their name in the navigation', async ({ page }) => {
  await page.goto(`${product.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();

  await expect(page).toHaveTitle(/^Sign in with GitHub \(development stand-in\)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with GitHub' })).toBeVisible();
  await expect(page.getByText('This is the local development stand-in for GitHub sign-in.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Demo Learner');
  await expect(page.getByLabel('Email')).toHaveValue('learner@example.com');
  await expectNoAxeViolations(page);

  await page.getByLabel('Name').fill('Priya Sharma');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/dashboard`);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Priya Sharma', { exact: true })).toBeVisible();
});

test('Cancel on the stand-in page comes back as Login failed', async ({ page }) => {
  await page.goto(`${product.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByText('You cancelled signing in with Google.')).toHaveCount(2);
});

test('opened at 127.0.0.1 (the address the server listens on), the product moves to PUBLIC_URL and sign-in works', async ({
  page,
}) => {
  // PUBLIC_URL is http://localhost:PORT; the same server answers on 127.0.0.1:PORT. Cookies belong to one host
  // name, so before the redirect the sign-in state cookie landed on 127.0.0.1 and the callback on localhost.
  const publicUrl = new URL(product.baseUrl);
  const loopback = `http://127.0.0.1:${publicUrl.port}`;
  await page.goto(`${loopback}/login?from=loopback`);
  await expect(page).toHaveURL(`${product.baseUrl}/login?from=loopback`);

  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('Name').fill('Anil Kapoor');
  await page.getByLabel('Email').fill(`anil-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/dashboard`);
  await expect(page.getByText('Your sign-in session expired', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('banner').getByText('Anil Kapoor', { exact: true })).toBeVisible();

  // A deep link at 127.0.0.1 keeps its path and query, and the session (on localhost) comes with it.
  await page.goto(`${loopback}/courses?page=2`);
  await expect(page).toHaveURL(`${product.baseUrl}/courses?page=2`);
  await expect(page.getByRole('banner').getByText('Anil Kapoor', { exact: true })).toBeVisible();
});
