import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';

/** What a learner met in their first hour (issue 15): small things that each looked broken. */

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

test('the 404 page offers the way on: the courses, home and contact', async ({ page }) => {
  await page.goto('/no-such-page');
  const main = page.getByRole('main');
  await expect(main.getByText('Oops! Page not found', { exact: true })).toBeVisible();
  const next = main.getByRole('navigation', { name: 'Where to go next' });
  await expect(next.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/courses');
  await expect(next.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect(next.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact-us');
  await next.getByRole('link', { name: 'Browse all courses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
});

for (const width of [375, 320]) {
  test(`'Page 1 of 2' stays on one line at ${width} px, and nothing overflows`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/courses');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const count = nav.getByText('Page 1 of 2', { exact: true });
    await expect(count).toBeVisible();
    const lineHeight = await count.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect((await box(count)).height).toBeLessThan(lineHeight * 1.5);
    const previous = await box(nav.getByRole('button', { name: 'Previous' }));
    const next = await box(nav.getByRole('button', { name: 'Next' }));
    for (const b of [previous, next, await box(count)]) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
    }
    // At a phone's 375 px all three share one row.
    if (width === 375) expect(Math.abs(previous.y - next.y)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
  { width: 320, height: 640 },
]) {
  test(`the live chat dialog's buttons stay inside it at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Start Live Chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Live chat' });
    await expect(dialog).toBeVisible();
    const frame = await box(dialog);
    const padding = await dialog.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingRight));
    for (const action of [
      dialog.getByRole('link', { name: /^Email / }),
      dialog.getByRole('button', { name: 'Use the contact form' }),
    ]) {
      const b = await box(action);
      expect(b.x).toBeGreaterThanOrEqual(frame.x + padding - 1);
      expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width - padding + 1);
    }
  });
}

test('the payment result heading takes focus without drawing a focus ring', async ({ page }) => {
  // A key press first: Chrome then treats focus moved by script as keyboard focus (:focus-visible).
  await page.goto('/payment-status?success=true&course=rag-from-scratch');
  await page.keyboard.press('Tab');
  const heading = page.getByRole('heading', { name: 'Payment Successful!' });
  await expect(heading).toBeFocused();
  const outline = await heading.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, keyboard: el.matches(':focus-visible') };
  });
  expect(outline).toEqual({ style: 'none', keyboard: true });
  // A real control keeps its ring.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveRole('link');
  expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});

test('Watch Demo brings the whole demo video into view at 1280 × 900', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  await expect(page.getByRole('heading', { name: 'See Kaushal AI in action' })).toBeFocused();
  const video = page.getByTestId('demo-video');
  const navBottom = (await box(page.getByRole('banner'))).height;
  // Smooth scrolling: wait until it has settled where the whole video shows below the navigation.
  await expect
    .poll(async () => {
      const b = await box(video);
      return b.y >= navBottom && b.y + b.height <= 900;
    })
    .toBe(true);
  await expect(page.getByRole('heading', { name: 'See Kaushal AI in action' })).toBeInViewport();
});

/** Pages the server does not draw start in the browser while their code loads. */
async function collectConsole(page: Page) {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  return lines;
}

test('no "HydrateFallback" warning on the pages the browser draws, signed out and signed in', async ({ page }) => {
  const lines = await collectConsole(page);
  for (const path of ['/login', '/contact-us', '/payment-status?success=false', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('main')).not.toBeEmpty();
  }
  await signIn(page);
  for (const path of ['/dashboard', '/profile', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  }
  expect(lines.filter((line) => /HydrateFallback/.test(line))).toEqual([]);
});
