import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { signIn } from './support/auth.ts';
import { fakeGoogleEnv } from './support/fake-oauth.ts';
import { type RunningProduct, startProduct } from './support/product.ts';

/**
 * Account deletion runs against a product of its own, so that once it has stopped the test can open its
 * database and look at the rows themselves.
 */
let product: RunningProduct;
let dataDir: string;

test.beforeAll(async () => {
  const fake = process.env.E2E_FAKE_OAUTH_URL;
  if (!fake) throw new Error('E2E_FAKE_OAUTH_URL is not set: run the tests through playwright');
  dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-e2e-deletion-'));
  product = await startProduct({
    DATA_DIR: dataDir,
    ...fakeGoogleEnv(fake),
  });
});

test.afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('Delete Account needs the learner’s email, removes their rows, keeps payment orders detached, signs out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: product.baseUrl });
  const page = await context.newPage();
  const { email } = await signIn(page, { name: 'Kiran Rao' });
  const headers = { origin: product.baseUrl };
  const me = (await (await page.request.get('/api/v1/auth/me')).json()) as { id: string };
  expect((await page.request.post('/api/v1/courses/python-for-ai/enroll', { headers })).status()).toBe(200);
  expect((await page.request.get('/api/v1/lessons/python-for-ai-01/signed-url')).status()).toBe(200);
  const order = await page.request.post('/api/v1/payments/create-order', {
    headers,
    data: { courseId: 'rag-from-scratch' },
  });
  expect(order.status()).toBe(200);
  const { orderId } = (await order.json()) as { orderId: string };

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your email/).fill('someone-else@example.com');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your email/).fill(email);
  await confirm.click();

  await expect(page).toHaveURL(`${product.baseUrl}/`);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first()).toBeAttached();
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();

  await product.stop();
  const db = openPglite(path.join(dataDir, 'pglite'));
  try {
    const count = async (sql: string, param: string) =>
      Number((await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, [param])).rows[0]?.n);
    expect(await count('users where email = $1', email)).toBe(0);
    for (const table of ['sessions', 'oauth_accounts', 'enrollments', 'lesson_progress', 'video_sessions']) {
      expect(await count(`${table} where user_id = $1`, me.id), table).toBe(0);
    }
    const kept = await db.query<{ user_id: string | null; course_id: string }>(
      'select user_id, course_id from payment_orders where id = $1',
      [orderId],
    );
    expect(kept.rows).toEqual([{ user_id: null, course_id: 'rag-from-scratch' }]);
  } finally {
    await db.close();
  }
});
