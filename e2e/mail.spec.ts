import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { uniqueEmail } from './support/auth.ts';
import { checkout, sidePanel, toastWith } from './support/course-page.ts';
import { type RunningProduct, startProduct } from './support/product.ts';

/**
 * The development mailbox (issue 17): with no SMTP_URL outside production the product keeps the email it
 * sends in its database and shows it at /dev/mailbox, linked from the sign-in stand-in's page. A newcomer
 * pays for a course in the sandbox and finds the receipt there, and its link leads back to the course.
 *
 * A product of its own: the embedded default start (no OAuth keys, so sign-in is the local stand-in, and a
 * mailbox holding only this test's mail), where the shared one is pointed at the fake OAuth server.
 */

/** A paid course without a free lesson, bought at its default tier (weekly, ₹2,499). */
const COURSE = { id: 'llmops-deployment', title: 'MLOps and LLMOps: Shipping to Production' };
const PAY_WEEKLY = 'Pay ₹2,499 · 7 days of access';
const AMOUNT = '₹2,499';

let product: RunningProduct;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});

const mailboxRows = (page: Page, address: string) =>
  page.getByRole('table', { name: 'Email in the mailbox, newest first' }).getByRole('row').filter({ hasText: address });

test('a newcomer pays in the sandbox, finds the receipt in the development mailbox and follows it to the course', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('mailbox');

  // The stand-in's sign-in page links the mailbox, empty before anything was sent.
  await page.goto(`${product.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with Google' })).toBeVisible();
  await expectNoAxeViolations(page, 'the stand-in page, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the stand-in page, dark');
  await page.emulateMedia({ colorScheme: null });
  await page.getByRole('link', { name: 'Open the development mailbox' }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/dev/mailbox`);
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  await expect(page.getByText('No email yet.')).toBeVisible();
  await page.goBack();

  await page.getByLabel('Name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/dashboard`);

  // Pay in the sandbox, noting the order and payment the receipt must name.
  await page.goto(`${product.baseUrl}/course/${COURSE.id}`);
  const order = page.waitForResponse((res) => res.url().endsWith('/api/v1/payments/create-order'));
  await sidePanel(page).getByRole('button', { name: PAY_WEEKLY }).click();
  const { orderId } = (await (await order).json()) as { orderId: string };
  const dialog = checkout(page);
  await expect(dialog).toContainText(AMOUNT);
  const payment = page.waitForResponse((res) => res.url().endsWith('/api/v1/payments/sandbox/pay'));
  await dialog.getByRole('button', { name: 'Pay' }).click();
  const { razorpay_payment_id: paymentId } = (await (await payment).json()) as { razorpay_payment_id: string };
  await expect(toastWith(page, 'Payment successful!')).toBeVisible();

  // The mailbox lists the receipt and the welcome of the enrollment, to this learner.
  await page.goto(`${product.baseUrl}/dev/mailbox`);
  await expect(page).toHaveTitle(/^Development mailbox · /);
  const rows = mailboxRows(page, email);
  await expect(rows.getByRole('link', { name: `Your receipt for ${COURSE.title}`, exact: true })).toHaveCount(1);
  await expect(rows.getByRole('link', { name: `Welcome to ${COURSE.title}`, exact: true })).toHaveCount(1);
  await expect(page.getByRole('columnheader')).toHaveText(['Received', 'To', 'Subject', 'Status']);
  await expectNoAxeViolations(page, 'the mailbox list, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the mailbox list, dark');
  await page.emulateMedia({ colorScheme: null });

  // The receipt: its headers, and a text part with the amount in ₹, the payment and the order reference.
  await rows.getByRole('link', { name: `Your receipt for ${COURSE.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Your receipt for ${COURSE.title}` })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(`Meera Iyer <${email}>`);
  const text = page.locator('pre');
  await expect(text).toContainText('Payment received');
  await expect(text).toContainText(`Course: ${COURSE.title}`);
  await expect(text).toContainText(`Amount paid: ${AMOUNT}`);
  await expect(text).toContainText(`Payment ID: ${paymentId}`);
  await expect(text).toContainText(`Order reference: ${orderId}`);
  await expect(text).toContainText(`Go to your course: ${product.baseUrl}/course/${COURSE.id}`);
  // axe would wait forever in the frame (sandboxed, no scripts): the email's own HTML is checked below.
  const frameLeftOut = { exclude: ['iframe'] };
  await expectNoAxeViolations(page, 'the message page, light', frameLeftOut);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the message page, dark', frameLeftOut);
  await page.emulateMedia({ colorScheme: null });
  const messageUrl = page.url();

  // The HTML part, framed and sandboxed: its button opens the course in the mailbox's tab.
  const html = page.frameLocator('iframe[title="HTML version of the email"]');
  await expect(html.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(html.getByText(AMOUNT, { exact: true })).toBeVisible();
  await html.getByRole('link', { name: 'Go to your course' }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/course/${COURSE.id}`);
  await expect(page.getByRole('heading', { level: 1, name: COURSE.title })).toBeVisible();
  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Active Access');

  // The receipt's HTML opened on its own, so axe can run in it: readable in light and dark mail clients. An
  // email body has no page landmarks (the mail client's page around it has them).
  await page.goto(`${messageUrl}/html`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const emailBody = { disableRules: ['landmark-one-main', 'region'] };
  await expectNoAxeViolations(page, 'the receipt email, light', emailBody);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the receipt email, dark', emailBody);
});
