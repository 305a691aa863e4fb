import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort } from './global-setup';

/**
 * The contact form against a product of its own: the contact API's rate limit counts per address, and every
 * browser test comes from 127.0.0.1, so these tests must not share their counter with other spec files (nor
 * with a retry of themselves). Serial: the last test uses up the limit on purpose.
 */
test.describe.configure({ mode: 'serial' });

let server: ChildProcess;
let baseUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-e2e-contact-'));
  server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the contact test server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the contact test server did not start');
    try {
      if ((await fetch(`${baseUrl}/api/v1/contact/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const SUBMIT = '**/api/v1/contact/submit';
const toastWith = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
/** A form control by its visible label (the form itself is labelled 'Send us a message'). */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Send us a message' }).getByLabel(new RegExp(`^${label}`));
const redBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Failed to Send Message' });

async function fill(page: Page, values: Partial<Record<'name' | 'email' | 'phone' | 'subject' | 'message', string>>) {
  const labels = {
    name: 'Full Name',
    email: 'Email Address',
    phone: 'Phone Number',
    subject: 'Subject',
    message: 'Message',
  };
  for (const [name, value] of Object.entries(values)) {
    await field(page, labels[name as keyof typeof labels]).fill(value);
  }
}

const complete = {
  name: 'Asha Menon',
  email: 'asha@example.com',
  phone: '+91 98450 12345',
  subject: 'Certificate question',
  message: 'Where do I find my certificate after finishing a course?',
};

async function fillComplete(page: Page) {
  await fill(page, complete);
  await field(page, 'Category').selectOption('billing');
}

test('the page: info cards, help categories, form, headquarters, mailboxes and response times', async ({ page }) => {
  await page.goto(`${baseUrl}/contact-us`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  for (const card of ['Email Support', 'Live Chat', 'Support Hours']) {
    await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible();
  }
  await expect(page.getByText('Monday - Friday').first()).toBeVisible();
  await expect(page.getByText('9:00 AM - 8:00 PM IST').first()).toBeVisible();
  await expect(page.getByText('10:00 AM - 6:00 PM IST').first()).toBeVisible();

  const form = page.getByRole('form', { name: 'Send us a message' });
  expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
  for (const label of ['Full Name', 'Email Address', 'Subject', 'Category', 'Message']) {
    await expect(field(page, label)).toHaveAttribute('required', '');
  }
  await expect(field(page, 'Phone Number')).not.toHaveAttribute('required', '');
  await expect(field(page, 'Email Address')).toHaveAttribute('type', 'email');
  await expect(field(page, 'Message')).toHaveAttribute('rows', '6');
  const options = await page
    .getByLabel('Category')
    .locator('option:not([disabled])')
    .evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  expect(options).toEqual([
    ['general', 'General Support'],
    ['technical', 'Technical Support'],
    ['billing', 'Billing & Payments'],
    ['courses', 'Course Content'],
    ['business', 'Business Inquiries'],
    ['partnership', 'Partnership'],
    ['other', 'Other'],
  ]);

  const hq = page.getByRole('complementary', { name: 'Headquarters' });
  await expect(hq.locator('address')).toContainText('Bangalore, Karnataka 560001');
  await expect(hq.getByRole('link', { name: 'support@kaushal.ai' })).toHaveAttribute(
    'href',
    'mailto:support@kaushal.ai',
  );
  await expect(hq.getByRole('link', { name: 'business@kaushal.ai' })).toHaveAttribute(
    'href',
    'mailto:business@kaushal.ai',
  );
  const times = page.getByRole('region', { name: 'Our response time guarantee' });
  for (const [label, time] of [
    ['Critical technical issues', 'Under 2 hours'],
    ['General requests', 'Under 24 hours'],
    ['Business partnerships', 'Under 48 hours'],
  ] as const) {
    await expect(times.locator('dl > div').filter({ hasText: label }).locator('dd')).toHaveText(time);
  }

  await hq.getByRole('link', { name: 'Visit our FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible();
});

test('the help categories preselect the form category', async ({ page }) => {
  await page.goto(`${baseUrl}/contact-us`);
  const help = page.getByRole('region', { name: 'How can we help?' });
  for (const [card, value] of [
    ['General Support', 'general'],
    ['Technical Support', 'technical'],
    ['Business Inquiries', 'business'],
  ] as const) {
    await help.getByRole('button', { name: new RegExp(`^${card}`) }).click();
    await expect(field(page, 'Category')).toHaveValue(value);
    await expect(field(page, 'Full Name')).toBeFocused();
  }
});

test('the live chat button opens a dialog with the chat hours and email', async ({ page }) => {
  await page.goto(`${baseUrl}/contact-us`);
  await page.getByRole('button', { name: 'Start Live Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live chat' });
  await expect(dialog).toContainText('Monday - Friday: 9:00 AM - 8:00 PM IST');
  await expect(dialog.getByRole('link', { name: 'Email support@kaushal.ai' })).toHaveAttribute(
    'href',
    'mailto:support@kaushal.ai',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Start Live Chat' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Use the contact form' }).click();
  await expect(field(page, 'Full Name')).toBeFocused();
});

test("a missing field shows 'Missing Information' and sends nothing", async ({ page }) => {
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/contact/submit')) posted++;
  });
  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  await field(page, 'Subject').fill('   ');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = toastWith(page, 'Missing Information');
  await expect(toast).toContainText('Please fill in all required fields.');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(posted).toBe(0);
});

test('a sent message disables the form while sending, then clears it with a green banner and the ticket', async ({
  page,
}) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SUBMIT, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  await page.getByRole('button', { name: 'Send Message' }).click();

  const sending = page.getByRole('button', { name: 'Sending Message...' });
  await expect(sending).toBeDisabled();
  for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Subject', 'Category', 'Message']) {
    await expect(field(page, label)).toBeDisabled();
  }
  const answer = page.waitForResponse(SUBMIT);
  release();
  const body = (await (await answer).json()) as { success: boolean; message: string; ticket_id: string };
  expect(body.success).toBe(true);

  const banner = page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' });
  await expect(banner).toContainText(body.message);
  await expect(banner).toContainText(`Ticket #${body.ticket_id}`);
  const toast = toastWith(page, 'Message Sent!');
  await expect(toast).toContainText(body.message);
  await expect(toast).toContainText(`Ticket #${body.ticket_id}`);
  for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Subject', 'Message']) {
    await expect(field(page, label)).toHaveValue('');
  }
  await expect(field(page, 'Category')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test("shows the server's detail when it refuses the message", async ({ page }) => {
  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  await field(page, 'Email Address').fill('asha@');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const detail = 'Invalid request body: email: Email must be a valid email address.';
  await expect(redBanner(page)).toContainText(detail);
  await expect(toastWith(page, 'Error')).toContainText(detail);
  // Nothing is lost: the visitor can correct the address.
  await expect(field(page, 'Full Name')).toHaveValue(complete.name);
});

test('on HTTP 500 without a detail, suggests emailing support', async ({ page }) => {
  await page.route(SUBMIT, (route) => route.fulfill({ status: 500, json: { code: 'internal_error' } }));
  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const text = 'Server error. Please try again or email us directly at support@kaushal.ai';
  await expect(redBanner(page)).toContainText(text);
  await expect(toastWith(page, 'Error')).toContainText(text);
});

test('on a network failure, says to check the connection', async ({ page }) => {
  await page.route(SUBMIT, (route) => route.abort('internetdisconnected'));
  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const text = 'Network error. Please check your internet connection and try again.';
  await expect(redBanner(page)).toContainText(text);
  await expect(toastWith(page, 'Error')).toContainText(text);
});

test('a non-success answer falls back to the generic message', async ({ page }) => {
  await page.route(SUBMIT, (route) =>
    route.fulfill({ json: { success: false, message: 'Not stored', ticket_id: '' } }),
  );
  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const text = 'Failed to send message. Please try again later.';
  await expect(redBanner(page)).toContainText(text);
  await expect(toastWith(page, 'Error')).toContainText(text);
});

test('after too many messages the server answers 429 and the form shows its detail', async ({ page, request }) => {
  // Use up this address's allowance (5 per 10 minutes; two were spent above) with real submissions.
  let status = 200;
  for (let i = 0; i < 10 && status !== 429; i++) {
    const res = await request.post(`${baseUrl}/api/v1/contact/submit`, {
      data: { ...complete, category: 'general' },
      headers: { origin: baseUrl },
    });
    status = res.status();
  }
  expect(status).toBe(429);

  await page.goto(`${baseUrl}/contact-us`);
  await fillComplete(page);
  const answer = page.waitForResponse(SUBMIT);
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await answer).status()).toBe(429);
  const text =
    'You have sent several messages in a short time. Please wait a few minutes and try again, or email us at support@kaushal.ai.';
  await expect(redBanner(page)).toContainText(text);
  await expect(toastWith(page, 'Error')).toContainText(text);
});
