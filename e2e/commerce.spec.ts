import { readFileSync } from 'node:fs';
import { type Browser, type Download, expect, type Locator, type Page, test } from '@playwright/test';
import { pdfText } from '../apps/api/test/support/pdf-text.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { uniqueEmail } from './support/auth.ts';
import { api, buyThroughApi, checkout, lessonButton, lessonRows, sidePanel, toastWith } from './support/course-page.ts';
import { type RunningProduct, startProduct } from './support/product.ts';
import { signInWithStandIn } from './support/stand-in.ts';

/**
 * Issue 19's done-when (decision 024): an admin makes a coupon for one course in the console and shares its
 * link; a learner follows it (the code in lower case), enters a billing state and GSTIN, pays the discounted
 * price in the sandbox, downloads the GST invoice (its PDF read back: number, both GSTINs, IGST to another state,
 * parts adding up to what was paid), refunds it from the purchase history within the policy's window, gets a
 * credit note and a refund email with the credit note attached, and has no access left. A second learner in the
 * supplier's own state (Karnataka) is billed CGST and SGST, half the tax each.
 *
 * A product of its own: the embedded default (sign-in stand-in with its demo admin, development mailbox, payment
 * sandbox), where the shared one is pointed at the fake OAuth server.
 */

const COURSE = { id: 'vector-databases', title: 'Vector Databases in Practice' };
/** Before the free lesson the course sells lifetime access at its own price, ₹2,999; 20% off leaves ₹2,399.20. */
const LIST = { text: '₹2,999' };
const PAID = { paise: 239_920, text: '₹2,399.20' };
const SAVING = '₹599.80';
const WEEKLY_TIER = 'vector-databases-weekly';
/** A lesson only an enrolled learner may play. */
const PAID_LESSON = { id: 'vector-databases-02', title: 'Approximate nearest neighbours' };

/** The development supplier (apps/api/src/config.ts): in Karnataka, state code 29. */
const SUPPLIER_GSTIN = '29AAACK1234A1Z6';
const BUYER = {
  name: 'Acme Analytics Private Limited',
  state: 'Maharashtra',
  gstin: '27AAPFU0939F1ZV',
  /** The same GSTIN with a wrong check character. */
  badGstin: '27AAPFU0939F1ZA',
};

let product: RunningProduct;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});

const url = (pathname: string) => `${product.baseUrl}${pathname}`;

/** Dark (the default), then light: the theme class on the document, as the app's own switch sets it. */
async function expectNoAxeViolationsInBothThemes(page: Page, what: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.remove('dark', 'light');
      document.documentElement.classList.add(t);
    }, theme);
    await expectNoAxeViolations(page, `${what} (${theme})`);
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('light');
    document.documentElement.classList.add('dark');
  });
}

/** The admin makes LAUNCH20 (20% off Vector Databases) in the console and copies the link it offers. */
async function createCouponLink(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await signInWithStandIn(page, 'demo admin');
    await page.goto(url('/admin'));
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Coupons' }).click();
    await expect(page).toHaveURL(url('/admin/coupons'));
    await expect(page.getByRole('heading', { level: 2, name: 'Coupons' })).toBeVisible();

    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Code').fill('launch20');
    // Saved in capitals, as typed into the field already.
    await expect(dialog.getByLabel('Code')).toHaveValue('LAUNCH20');
    await expect(dialog.getByLabel('Kind')).toHaveValue('percent');
    await dialog.getByLabel('Discount (%)').fill('20');
    await dialog.getByLabel('Applies to').selectOption({ label: 'Some courses' });
    await dialog.getByRole('group', { name: 'Courses' }).getByLabel(COURSE.title, { exact: true }).check();
    await expect(dialog.getByLabel('Per-learner cap')).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Coupon LAUNCH20 created.' })).toBeVisible();

    const row = page
      .getByRole('table', { name: 'Coupons, newest first' })
      .getByRole('row')
      .filter({ hasText: 'LAUNCH20' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('20% off');
    await expect(row).toContainText(COURSE.title);
    await expect(row).toContainText('Active');
    // A coupon for one course offers the link to share: shown in full, and copied by its button.
    const link = url(`/course/${COURSE.id}?coupon=LAUNCH20`);
    await expect(row.locator('code')).toHaveText(link);
    await row.getByRole('button', { name: 'Copy link for LAUNCH20' }).click();
    await expect(row.getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    return link;
  } finally {
    await context.close();
  }
}

/** A download's bytes, checked to be a PDF. */
async function pdfOf(download: Download): Promise<Buffer> {
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}

/** Clicks a link that downloads a document and returns its file name and text. */
async function downloadDocument(page: Page, link: Locator): Promise<{ filename: string; text: string }> {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  return { filename: file.suggestedFilename(), text: await pdfText(await pdfOf(file)) };
}

/** An amount the PDF prints after its label: '₹2,399.20' (or 'Rs. 2,399.20' in a font without ₹), in paise. */
function printedPaise(text: string, label: string): number {
  const found = new RegExp(`${label}\\s+(?:₹|Rs\\. )([\\d,]+\\.\\d\\d)`).exec(text)?.[1];
  if (!found) throw new Error(`no amount for ${label} in:\n${text}`);
  return Math.round(Number(found.replaceAll(',', '')) * 100);
}

/** The GST rate printed with a tax line ('IGST 18%', 'CGST 9%'). */
function printedRate(text: string, tax: 'IGST' | 'CGST' | 'SGST'): number {
  const found = new RegExp(`${tax} (\\d+(?:\\.\\d+)?)%`).exec(text)?.[1];
  if (!found) throw new Error(`no ${tax} rate in:\n${text}`);
  return Number(found);
}

/** Decision 024's arithmetic for a GST-inclusive amount: taxable = round(A × 100 / (100 + r)). */
const taxableOf = (totalPaise: number, ratePercent: number) => Math.round((totalPaise * 100) / (100 + ratePercent));

/** To another state than the supplier's: one IGST line at the whole rate, and taxable + IGST = the total. */
function expectIgstAddingUp(text: string, totalLabel: string, totalPaise: number) {
  expect(text).not.toMatch(/[CS]GST/);
  const rate = printedRate(text, 'IGST');
  const [taxable, igst, total] = ['Taxable value', `IGST ${rate}%`, totalLabel].map((label) =>
    printedPaise(text, label),
  );
  expect(total).toBe(totalPaise);
  expect((taxable ?? 0) + (igst ?? 0)).toBe(total);
  expect(taxable).toBe(taxableOf(totalPaise, rate));
}

const mailboxRows = (page: Page, address: string) =>
  page.getByRole('table', { name: 'Email in the mailbox, newest first' }).getByRole('row').filter({ hasText: address });

/** Opens the learner's email of this subject in the development mailbox, once it is there (queued after commit). */
async function openEmail(page: Page, address: string, subject: string) {
  const link = mailboxRows(page, address).getByRole('link', { name: subject, exact: true });
  await expect(async () => {
    await page.goto(url('/dev/mailbox'));
    await expect(link).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

const orderCard = (page: Page) => page.getByRole('article', { name: COURSE.title });

test('a learner buys with a coupon link and a GSTIN, reads the invoice, refunds, and gets a credit note and no access', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const shared = await createCouponLink(browser);
  const learner = { name: 'Priya Deshmukh', email: uniqueEmail('gst-buyer') };

  // The link, as a learner might type it: codes are not case-sensitive. Signed out, the code waits for sign-in.
  const link = shared.replace('coupon=LAUNCH20', 'coupon=launch20');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: COURSE.title })).toBeVisible();
  await expect(sidePanel(page)).toContainText('Sign in to apply LAUNCH20: it is kept for when you come back.');
  await sidePanel(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(url('/login'));
  await signInWithStandIn(page, learner);

  // Back on the course with the code: applied, with the saving, the list price struck through.
  await expect(page).toHaveURL(link);
  const panel = sidePanel(page);
  await expect(panel.getByRole('status').filter({ hasText: 'LAUNCH20 applied' })).toHaveText(
    `LAUNCH20 applied: 20% off, you save ${SAVING}`,
  );
  await expect(panel.getByTestId('course-price')).toHaveText(`Price: ${PAID.text} instead of ${LIST.text}`);
  await expect(panel.getByTestId('course-price').locator('.line-through')).toHaveText(`instead of ${LIST.text}`);
  const pay = panel.getByRole('button', { name: `Pay ${PAID.text} · Lifetime access` });
  await expect(pay).toBeEnabled();
  await expect(lessonRows(page).getByText('Locked')).toHaveCount(5);

  // Billing details, beside the pay button: a GSTIN with a wrong check character is refused on its field.
  await expect(panel).toContainText('Need a GST invoice in your or your company’s name?');
  await panel.getByRole('button', { name: 'Add billing details' }).click();
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing.getByLabel('Name on the invoice')).toHaveValue(learner.name);
  await billing.getByLabel('Name on the invoice').fill(BUYER.name);
  await billing.getByLabel('State or union territory').selectOption({ label: BUYER.state });
  await billing.getByLabel('GSTIN (optional)').fill(BUYER.badGstin);
  await billing.getByRole('button', { name: 'Save', exact: true }).click();
  const gstin = billing.getByLabel('GSTIN (optional)');
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await expect(gstin).toHaveAccessibleDescription(/Enter a valid 15-character GSTIN/);
  await expect(gstin).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'the course page, coupon applied, billing dialog with an error');

  await gstin.fill(BUYER.gstin);
  await expect(gstin).not.toHaveAttribute('aria-invalid', 'true');
  await billing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(billing).toHaveCount(0);
  await expect(panel).toContainText(`GST invoice to ${BUYER.name}, ${BUYER.state} (GSTIN ${BUYER.gstin}).`);
  await expect(panel.getByRole('button', { name: 'Change billing details' })).toBeVisible();

  // Pay the discounted price in the sandbox: the server priced the order with the coupon.
  const order = page.waitForResponse((res) => res.url().endsWith('/api/v1/payments/create-order'));
  await pay.click();
  const created = (await (await order).json()) as { orderId: string; amount: number };
  expect(created.amount).toBe(PAID.paise);
  const dialog = checkout(page);
  await expect(dialog).toContainText(PAID.text);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(toastWith(page, 'Payment successful!')).toContainText('You have been enrolled in the course.');
  await expect(panel.getByTestId('enrollment-status')).toContainText('Permanent Access');
  await expect(lessonRows(page).getByText('Locked')).toHaveCount(0);
  // The paid lesson's video is served to the learner now.
  await api(page, 'GET', `/lessons/${PAID_LESSON.id}/signed-url`);

  // The purchase history, through the dashboard's link.
  await page.goto(url('/dashboard'));
  await page.getByRole('main').getByRole('link', { name: 'Purchase history' }).click();
  await expect(page).toHaveURL(url('/purchases'));
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeVisible();
  const card = orderCard(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Amount: ${PAID.text}`);
  await expect(card.locator('.line-through')).toHaveText(`instead of ${LIST.text}`);
  await expect(card).toContainText('Coupon LAUNCH20');
  await expect(card).toContainText(created.orderId);
  const billingCard = page.getByRole('region', { name: 'Billing details' });
  await expect(billingCard).toContainText(BUYER.name);
  await expect(billingCard).toContainText(BUYER.gstin);
  await expectNoAxeViolationsInBothThemes(page, 'the purchase history, paid');

  // The invoice: its number, both GSTINs, IGST (Maharashtra is not the supplier's Karnataka), adding up.
  const invoiceLink = card.getByRole('link', { name: /^Download invoice INV\/\d{4}\/\d{5}$/ });
  const invoiceNumber = ((await invoiceLink.textContent()) ?? '').replace('Download invoice', '').trim();
  expect(invoiceNumber).toMatch(/^INV\/\d{4}\/\d{5}$/);
  const invoice = await downloadDocument(page, invoiceLink);
  expect(invoice.filename).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
  expect(invoice.text).toContain('Tax Invoice');
  expect(invoice.text).toContain(`Invoice number: ${invoiceNumber}`);
  expect(invoice.text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
  expect(invoice.text).toContain(BUYER.name);
  expect(invoice.text).toContain(`GSTIN: ${BUYER.gstin}`);
  expect(invoice.text).toContain('Place of supply: Maharashtra (27)');
  expect(invoice.text).toContain(`Order reference: ${created.orderId}`);
  expectIgstAddingUp(invoice.text, 'Total', PAID.paise);

  // A refund within the policy's window, from the history, after a confirmation that says what it means.
  await card.getByRole('button', { name: 'Refund', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Refund ${COURSE.title}?` });
  await expect(confirm).toContainText(`You get ${PAID.text} back`);
  await expect(confirm).toContainText('Your access to this course ends now');
  await confirm.getByRole('button', { name: `Refund ${PAID.text}` }).click();
  await expect(confirm).toHaveCount(0);
  await expect(toastWith(page, 'Refunded')).toBeVisible();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'Refunds' })).toContainText(
    /Refunded on \d{1,2} \w{3} \d{4} · ₹2,399\.20/,
  );
  await expect(card.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(page, 'the purchase history, refunded');

  // The credit note: its own series, against the invoice, for the whole amount, split the same way.
  const creditLink = card.getByRole('link', { name: /^Download credit note CRN\/\d{4}\/\d{5}$/ });
  const creditNumber = ((await creditLink.textContent()) ?? '').replace('Download credit note', '').trim();
  const credit = await downloadDocument(page, creditLink);
  expect(credit.text).toContain('Credit Note');
  expect(credit.text).toContain(`Credit note number: ${creditNumber}`);
  expect(credit.text).toMatch(new RegExp(`Against invoice ${invoiceNumber.replaceAll('/', '\\/')} dated`));
  expect(credit.text).toContain(`GSTIN: ${BUYER.gstin}`);
  expectIgstAddingUp(credit.text, 'Total credited', PAID.paise);

  // The mailbox: the receipt with the invoice attached, and the refund email with the credit note attached.
  await openEmail(page, learner.email, `Your receipt for ${COURSE.title}`);
  await expect(page.locator('pre')).toContainText(`Invoice: ${invoiceNumber}`);
  const receiptAttachment = page.getByRole('link', { name: 'Download attachment 1' });
  await expect(page.getByRole('listitem').filter({ has: receiptAttachment })).toContainText(
    'Invoice or credit note (PDF)',
  );
  const attachedInvoice = await downloadDocument(page, receiptAttachment);
  expect(attachedInvoice.text).toContain(`Invoice number: ${invoiceNumber}`);

  await openEmail(page, learner.email, `Your refund for ${COURSE.title}`);
  const refundText = page.locator('pre');
  await expect(refundText).toContainText(`we have refunded ${PAID.text} for ${COURSE.title}`);
  await expect(refundText).toContainText(`Credit note: ${creditNumber}`);
  await expect(refundText).toContainText('Your access to the course has ended');
  const refundAttachment = page.getByRole('link', { name: 'Download attachment 1' });
  await expect(page.getByRole('listitem').filter({ has: refundAttachment })).toContainText(
    'Invoice or credit note (PDF)',
  );
  const attachedCredit = await downloadDocument(page, refundAttachment);
  expect(attachedCredit.text).toContain(`Credit note number: ${creditNumber}`);

  // The access is gone: the course is for sale again, and its paid lessons are refused.
  await page.goto(url(`/course/${COURSE.id}`));
  await expect(panel.getByRole('button', { name: `Pay ${LIST.text} · Lifetime access` })).toBeEnabled();
  await expect(panel.getByRole('button', { name: /^(Start course|Continue)/ })).toHaveCount(0);
  await expect(lessonRows(page).getByText('Locked')).toHaveCount(5);
  await lessonButton(page, PAID_LESSON.title).click();
  await expect(toastWith(page, 'Enrollment required')).toContainText(
    'Please enroll in the course to access this lesson.',
  );
  const origin = product.baseUrl;
  const refused = await page.request.get(url(`/api/v1/lessons/${PAID_LESSON.id}/signed-url`), {
    headers: { origin },
  });
  expect(refused.status()).toBe(403);
});

test('a learner in the supplier’s state without a GSTIN is billed CGST and SGST, half the tax each', async ({
  page,
}) => {
  const learner = { name: 'Kavya Rao', email: uniqueEmail('gst-karnataka') };
  await page.goto(url('/login'));
  await signInWithStandIn(page, learner);

  // Billing details from the purchase history, linked from the profile: the state only.
  await page.goto(url('/profile'));
  await page.getByRole('region', { name: 'Purchases' }).getByRole('link', { name: 'Purchase history' }).click();
  await expect(page).toHaveURL(url('/purchases'));
  await expect(page.getByText('No purchases yet.')).toBeVisible();
  const billingCard = page.getByRole('region', { name: 'Billing details' });
  await billingCard.getByRole('button', { name: 'Add billing details' }).click();
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing.getByLabel('Name on the invoice')).toHaveValue(learner.name);
  await billing.getByLabel('State or union territory').selectOption({ label: 'Karnataka' });
  await billing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(billing).toHaveCount(0);
  await expect(toastWith(page, 'Billing details saved')).toBeVisible();
  await expect(billingCard).toContainText('Karnataka');
  await expect(billingCard).toContainText('Not given');

  // A week of access (₹599) bought without the page; the history shows its invoice.
  const bought = await buyThroughApi(page, COURSE.id, WEEKLY_TIER);
  expect(bought.amountPaise).toBe(59_900);
  await page.reload();
  const card = orderCard(page);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card).toContainText(/Amount: ₹599(?![\d.,])/);
  const invoiceLink = card.getByRole('link', { name: /^Download invoice INV\/\d{4}\/\d{5}$/ });
  const { text } = await downloadDocument(page, invoiceLink);

  expect(text).toContain('Tax Invoice');
  expect(text).toContain(learner.name);
  expect(text).toContain('Place of supply: Karnataka (29)');
  // Only the supplier has a GSTIN on it.
  expect(text.match(/GSTIN: /g)).toEqual(['GSTIN: ']);
  expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
  expect(text).not.toContain('IGST');
  const cgstRate = printedRate(text, 'CGST');
  expect(printedRate(text, 'SGST')).toBe(cgstRate);
  const [taxable, cgst, sgst, total] = ['Taxable value', `CGST ${cgstRate}%`, `SGST ${cgstRate}%`, 'Total'].map(
    (label) => printedPaise(text, label),
  ) as [number, number, number, number];
  expect(total).toBe(bought.amountPaise);
  expect(taxable + cgst + sgst).toBe(total);
  expect(taxable).toBe(taxableOf(total, cgstRate * 2));
  // Each half of the tax, to the paisa: ₹91.37 of tax is odd, so CGST takes the extra paisa.
  const tax = total - taxable;
  expect(Math.abs(cgst - tax / 2)).toBeLessThanOrEqual(0.5);
  expect(Math.abs(sgst - tax / 2)).toBeLessThanOrEqual(0.5);
  expect(cgst - sgst).toBeGreaterThanOrEqual(0);
  expect(cgst - sgst).toBeLessThanOrEqual(1);
});
