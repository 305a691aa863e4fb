import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';

/** Every public page, with something that shows it has finished loading its data. */
const PAGES: ReadonlyArray<{ path: string; ready: (page: Page) => Promise<void> }> = [
  {
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Featured courses' }).getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Key figures' })).toHaveAttribute('aria-busy', 'false');
    },
  },
  {
    path: '/courses',
    ready: (page) => expect(page.getByRole('list', { name: 'Courses' }).getByRole('listitem')).toHaveCount(9),
  },
  {
    path: '/course/rag-from-scratch',
    ready: (page) =>
      expect(page.getByRole('region', { name: 'Latest reviews' }).getByRole('listitem').first()).toBeVisible(),
  },
  {
    path: '/course/llmops-deployment',
    ready: (page) => expect(page.getByRole('group', { name: 'Choose your plan' })).toBeVisible(),
  },
  { path: '/about-us', ready: (page) => expect(page.getByRole('heading', { name: 'Our vision' })).toBeVisible() },
  {
    path: '/contact-us',
    ready: (page) => expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible(),
  },
  {
    path: '/privacy-policy',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible(),
  },
  {
    path: '/refund-policy',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible(),
  },
  {
    path: '/terms-and-conditions',
    ready: (page) => expect(page.getByRole('heading', { name: 'Important Notice' })).toBeVisible(),
  },
  { path: '/no-such-page', ready: (page) => expect(page.getByText('Oops! Page not found')).toBeVisible() },
];

test.describe('public pages are accessible', () => {
  for (const { path, ready } of PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      await expectNoAxeViolations(page);
    });
  }

  test('the contact page keeps no axe violations with its banner, toast and chat dialog open', async ({ page }) => {
    await page.route('**/api/v1/contact/submit', (route) => route.fulfill({ status: 500, json: { code: 'x' } }));
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel(/^Full Name/).fill('Asha');
    await form.getByLabel(/^Email Address/).fill('asha@example.com');
    await form.getByLabel(/^Subject/).fill('Hello');
    await form.getByLabel(/^Category/).selectOption('general');
    await form.getByLabel(/^Message/).fill('Hello there');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to Send Message' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Start Live Chat' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('public pages at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const { path, ready } of PAGES) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(widths.viewport);
      expect(widths.body).toBeLessThanOrEqual(widths.viewport);
    });
  }

  test('the mobile menu toggle opens the navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Courses', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });
});

test.describe('public pages in the light theme', () => {
  for (const { path, ready } of PAGES.filter((p) =>
    ['/', '/course/llmops-deployment', '/contact-us', '/terms-and-conditions', '/refund-policy'].includes(p.path),
  )) {
    test(`${path} has no axe violations in the light theme`, async ({ page }) => {
      await page.goto(path);
      await page.evaluate(() => {
        document.documentElement.classList.remove('dark');
        document.documentElement.classList.add('light');
      });
      await ready(page);
      await expectNoAxeViolations(page);
    });
  }
});
