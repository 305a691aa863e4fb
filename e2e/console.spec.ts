import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { type RunningProduct, startProduct } from './support/product.ts';
import { signInWithStandIn } from './support/stand-in.ts';

// The staff console (#16) in the embedded default: no OAuth keys, so the sign-in stand-in offers 'Sign in as
// the demo admin'. A product of its own, because the shared one is pointed at the fake OAuth server.
let product: RunningProduct;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});
test.describe.configure({ mode: 'serial' });

const suffix = randomUUID().slice(0, 6);
const learner = { name: `Meera Learner ${suffix}`, email: `meera-${suffix}@example.com` };
const courseTitle = `Console Course ${suffix}`;
const courseId = `console-course-${suffix}`;

const banner = (page: Page) => page.getByRole('banner');
const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const tableRows = (table: Locator) => table.locator('tbody tr');

/** The saved theme (the app applies it on the next page) through the settings API, as the signed-in user. */
async function saveTheme(page: Page, theme: 'dark' | 'light') {
  const origin = product.baseUrl;
  const res = await page.request.put(`${origin}/api/v1/users/me/settings`, { headers: { origin }, data: { theme } });
  expect(res.status()).toBe(200);
}

/** The page does not scroll sideways (tables scroll inside their own frame). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a visitor is sent to sign in, and a learner opening /admin is told the console is for staff', async ({
  page,
}) => {
  await page.goto(`${product.baseUrl}/admin/audit`);
  await expect(page).toHaveURL(`${product.baseUrl}/login`);

  await signInWithStandIn(page, learner, product.baseUrl);
  await expect(banner(page).getByRole('link', { name: 'Console' })).toHaveCount(0);
  // A free enrollment sends the learner a welcome email, which the console's Email page lists later.
  const origin = product.baseUrl;
  const enroll = await page.request.post(`${origin}/api/v1/courses/python-for-ai/enroll`, { headers: { origin } });
  expect(enroll.status()).toBe(200);
  await page.goto(`${product.baseUrl}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This console is for staff only' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${learner.email}, which has no staff role`)).toBeVisible();
  await expect(consoleNav(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  for (const theme of ['dark', 'light'] as const) {
    await saveTheme(page, theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('heading', { name: 'This console is for staff only' })).toBeVisible();
    await expectNoAxeViolations(page, `refusal (${theme})`);
  }
});

test('the demo admin creates a draft, edits it, adds two tiers, reads the audit log and grants a role', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithStandIn(page, 'demo admin', product.baseUrl);
  await banner(page).getByRole('link', { name: 'Console' }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/admin/courses`);
  await expect(page.getByRole('heading', { level: 2, name: 'Courses' })).toBeVisible();
  await expect(page.getByText('Demo Admin · Admin')).toBeVisible();
  await expect(consoleNav(page).getByRole('link')).toHaveText([
    'Courses',
    'Learners',
    'Support inbox',
    'People and roles',
    'Audit log',
    'Email',
    'Orders',
    'Refunds',
    'Coupons',
    'Analytics',
  ]);

  // A new draft: the API's refusal of a short title shows next to the title; the price goes in paise.
  await page.getByRole('button', { name: 'New course' }).click();
  const create = dialog(page, 'New course');
  await create.getByLabel('Title').fill('ab');
  await create.getByLabel('Price (₹)').fill('1,499.50');
  await create.getByRole('button', { name: 'Create draft' }).click();
  await expect(create.getByLabel('Title')).toHaveAccessibleDescription(/Title must be at least 3 characters\./);
  await expect(create.getByLabel('Title')).toBeFocused();
  await create.getByLabel('Title').fill(courseTitle);
  await expect(create.getByLabel('Course id')).toHaveValue(courseId);
  await create.getByLabel('Difficulty').selectOption('Intermediate');
  await create.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/admin/courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 2, name: courseTitle })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByLabel('Price (₹)')).toHaveValue('1499.50');
  await expect(details.getByLabel('Difficulty')).toHaveValue('Intermediate');
  await expect(page.getByRole('region', { name: 'Publishing' }).getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(page.getByRole('region', { name: /^Outline/ })).toContainText('No lessons in this section.');

  // Title and price.
  await details.getByLabel('Title').fill(`${courseTitle} (revised)`);
  await details.getByLabel('Price (₹)').fill('1999.99');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('Changes saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${courseTitle} (revised)` })).toBeVisible();

  // Two tiers; a paid tier at ₹0 is refused next to its price.
  const tiers = page.getByRole('region', { name: 'Pricing tiers' });
  await tiers.getByRole('button', { name: 'Add tier' }).click();
  let tier = dialog(page, 'Add a pricing tier');
  await tier.getByLabel('Title').fill('Weekly pass');
  await tier.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('0');
  await tier.getByLabel('Access').selectOption('weekly');
  await tier.getByRole('button', { name: 'Add tier' }).click();
  await expect(tier.getByRole('textbox', { name: 'Price (₹)', exact: true })).toHaveAccessibleDescription(
    /A paid tier needs a price above ₹0\./,
  );
  await tier.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('499.50');
  await tier.getByRole('button', { name: 'Add tier' }).click();
  await expect(tier).toHaveCount(0);
  await tiers.getByRole('button', { name: 'Add tier' }).click();
  tier = dialog(page, 'Add a pricing tier');
  await tier.getByLabel('Title').fill('Lifetime');
  await tier.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('1999.99');
  await tier.getByLabel('Original price (₹)').fill('2999');
  await tier.getByRole('button', { name: 'Add tier' }).click();
  await expect(tier).toHaveCount(0);
  const tierTable = tiers.getByRole('table', { name: 'Tier prices and orders' });
  await expect(tableRows(tierTable)).toHaveCount(2);
  await expect(tableRows(tierTable).nth(0)).toContainText(/Weekly pass\s*Weekly\s*₹499\.50\s*₹499\.50\s*0/);
  await expect(tableRows(tierTable).nth(1)).toContainText(/Lifetime\s*Permanent\s*₹1,999\.99\s*₹2,999\s*0/);
  // Edited in its dialog, which starts from the tier's price in rupees.
  await tiers.getByRole('button', { name: 'Edit Weekly pass' }).click();
  tier = dialog(page, 'Edit tier: Weekly pass');
  await expect(tier.getByRole('textbox', { name: 'Price (₹)', exact: true })).toHaveValue('499.50');
  // No discount: the original price is left empty, so it follows the new price.
  await expect(tier.getByLabel('Original price (₹)')).toHaveValue('');
  await tier.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill('599');
  await tier.getByRole('button', { name: 'Save tier' }).click();
  await expect(tier).toHaveCount(0);
  await expect(tableRows(tierTable).nth(0)).toContainText('₹599');

  // Another tab saves first: this one is told who changed the course and when, and Reload shows their version.
  const other = await page.context().newPage();
  await other.goto(`${product.baseUrl}/admin/courses/${courseId}`);
  const otherDetails = other.getByRole('region', { name: 'Details' });
  await otherDetails.getByLabel('Description').fill('Written in the other tab.');
  await otherDetails.getByRole('button', { name: 'Save changes' }).click();
  await expect(otherDetails.getByText('Changes saved.')).toBeVisible();
  await other.close();
  await details.getByLabel('Instructor').fill('Mine, not theirs');
  await details.getByRole('button', { name: 'Save changes' }).click();
  const stale = details.getByRole('alert');
  await expect(stale).toContainText(/This course was changed by Demo Admin \(admin@example\.com\) at .+ Reload/);
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(details.getByLabel('Description')).toHaveValue('Written in the other tab.');
  await expect(details.getByLabel('Instructor')).toHaveValue('');
  await expect(details.getByRole('alert')).toHaveCount(0);

  // The audit log has each of those writes, with the values before and after.
  await consoleNav(page).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const row = (action: string, text?: string) =>
    tableRows(log)
      .filter({ hasText: action })
      .filter(text ? { hasText: text } : {});
  await expect(row('course.create', courseId)).toHaveCount(1);
  await expect(row('course.create', courseId)).toContainText(`title: — → ${courseTitle}`);
  await expect(row('course.create', courseId)).toContainText('price: — → ₹1,499.50');
  await expect(row('course.update', `title: ${courseTitle} → ${courseTitle} (revised)`)).toContainText(
    'price: ₹1,499.50 → ₹1,999.99',
  );
  await expect(row('course.update', 'description: empty → Written in the other tab.')).toHaveCount(1);
  await expect(row('tier.create', 'Weekly pass')).toContainText('price: — → ₹499.50');
  await expect(row('tier.create', 'Lifetime')).toContainText('originalPrice: — → ₹2,999');
  await expect(row('tier.update', 'price: ₹499.50 → ₹599')).toContainText('originalPrice: ₹499.50 → ₹599');
  await expect(row('tier.create')).toHaveCount(2);
  for (const entry of await tableRows(log).all()) await expect(entry).toContainText('admin@example.com');
  await page.getByLabel('Entity').selectOption('tier');
  await expect(page).toHaveURL(/\?entity=tier$/);
  await expect(row('course.')).toHaveCount(0);
  await expect(row('tier.')).toHaveCount(3);

  // A role for the learner: found by email, given Instructor, saved and audited.
  await consoleNav(page).getByRole('link', { name: 'People and roles' }).click();
  await page.getByLabel('Search by name or email').fill(learner.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const people = page.getByRole('table', { name: 'Users and their staff roles' });
  await expect(tableRows(people)).toHaveCount(1);
  const instructorBox = people.getByRole('checkbox', { name: `Instructor role for ${learner.name}` });
  await expect(instructorBox).not.toBeChecked();
  await instructorBox.check();
  await people.getByRole('button', { name: `Save roles for ${learner.name}` }).click();
  await expect(people.getByText('Saved: Instructor.')).toBeVisible();
  // The admin's own Admin box cannot be cleared, and says why.
  await page.getByLabel('Search by name or email').fill('admin@example.com');
  await page.getByRole('button', { name: 'Search' }).click();
  const ownAdmin = people.getByRole('checkbox', { name: 'Admin role for Demo Admin' });
  await expect(ownAdmin).toBeChecked();
  await expect(ownAdmin).toBeDisabled();
  await expect(ownAdmin).toHaveAccessibleDescription('Your own admin role: only another admin can remove it.');

  await consoleNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(row('role.grant', learner.email)).toContainText('role: — → instructor');

  // The new instructor can be given the course.
  await consoleNav(page).getByRole('link', { name: 'Courses' }).click();
  await page.getByRole('link', { name: `${courseTitle} (revised)` }).click();
  await page.getByRole('button', { name: 'Choose instructors' }).click();
  const choose = dialog(page, `Instructors of ${courseTitle} (revised)`);
  await choose.getByRole('checkbox', { name: new RegExp(learner.name) }).check();
  await choose.getByRole('button', { name: 'Save instructors' }).click();
  await expect(choose).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Instructors' })).toContainText(learner.email);

  // The course list finds the draft by search and status.
  await consoleNav(page).getByRole('link', { name: 'Courses' }).click();
  await page.getByLabel('Status').selectOption('draft');
  await page.getByLabel('Search by title or id').fill(suffix);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('table', { name: 'Course list' });
  await expect(tableRows(list)).toHaveCount(1);
  await expect(tableRows(list).first()).toContainText(/Draft\s*0\s*0\s*₹1,999\.99/);

  // Email: the welcome sent to the learner when they enrolled is listed.
  await consoleNav(page).getByRole('link', { name: 'Email' }).click();
  await expect(page.getByRole('table', { name: 'Outgoing email, newest first' })).toContainText(learner.email);
});

// One test per theme: some forty axe scans in one test outlasted its four minutes on a loaded two-core machine.
for (const theme of ['dark', 'light'] as const) {
  test(`every console page and dialog passes axe in the ${theme} theme, at 1280 and 768 px, and phones do not scroll sideways`, async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await signInWithStandIn(page, 'demo admin', product.baseUrl);
    const published = 'python-for-ai';
    const pages: Array<{ path: string; ready: (page: Page) => Locator; open?: (page: Page) => Promise<Locator> }> = [
      {
        path: '/admin/courses',
        ready: (p) => p.getByRole('table', { name: 'Course list' }),
        open: async (p) => {
          await p.getByRole('button', { name: 'New course' }).click();
          await p.getByRole('dialog', { name: 'New course' }).getByRole('button', { name: 'Create draft' }).click();
          return p.getByRole('dialog', { name: 'New course' }).getByText('Title is required.');
        },
      },
      {
        path: `/admin/courses/${published}`,
        ready: (p) => p.getByRole('listitem', { name: /^Section 1:/ }),
        open: async (p) => {
          await p.getByRole('button', { name: 'Unpublish' }).click();
          return p.getByRole('alertdialog', { name: /^Unpublish/ });
        },
      },
      {
        path: `/admin/courses/${courseId}`,
        ready: (p) => p.getByRole('table', { name: 'Tier prices and orders' }),
        open: async (p) => {
          await p.getByRole('button', { name: 'Edit Lifetime' }).click();
          return p.getByRole('dialog', { name: 'Edit tier: Lifetime' });
        },
      },
      {
        path: `/admin/people?q=${suffix}`,
        ready: (p) => p.getByRole('table', { name: 'Users and their staff roles' }),
      },
      { path: '/admin/audit', ready: (p) => p.getByRole('table', { name: 'Audit log entries, newest first' }) },
      { path: '/admin/email', ready: (p) => p.getByRole('table', { name: 'Outgoing email, newest first' }) },
    ];
    await saveTheme(page, theme);
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      for (const { path, ready, open } of pages) {
        const what = `${path} (${theme}, ${width} px)`;
        await page.goto(`${product.baseUrl}${path}`);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(ready(page)).toBeVisible();
        await expectNoSidewaysScroll(page, what);
        await expectNoAxeViolations(page, what);
        if (open) {
          await expect(await open(page)).toBeVisible();
          await expectNoAxeViolations(page, `${what} with its dialog`);
          await page.keyboard.press('Escape');
        }
      }
    }

    await page.setViewportSize({ width: 375, height: 800 });
    for (const { path, ready } of pages) {
      await page.goto(`${product.baseUrl}${path}`);
      await expect(ready(page)).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} at 375 px`);
    }
  });
}
