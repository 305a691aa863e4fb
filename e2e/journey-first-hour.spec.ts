import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';
import { api, checkout, lessonRows, plans, player, sidePanel, toastWith } from './support/course-page.ts';

/**
 * A learner's first hour (issue 15): the price and the pay button follow the chosen plan (with a sticky bar on
 * phones), a free enrollment confirms itself and offers Start course, an enrolled learner sees Continue: Lesson N
 * and their progress in the lesson list, and what they watched shows on the course page and the dashboard as
 * soon as the player closes. Each test runs at 1280 and 375 px wide; every test signs in a learner of its own.
 */

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 667 },
] as const;

/** A paid course without a free lesson: its tiers show at once (weekly ₹2,499, lifetime ₹12,999). */
const TIERS_AT_ONCE = 'llmops-deployment';
/** A paid course with free lessons (₹4,999; weekly ₹999, weekly + mentor ₹1,799, lifetime ₹4,999). */
const WITH_FREE_LESSON = { id: 'rag-from-scratch', free: 'Why RAG, and when not to use it' };
/** Free courses. */
const FREE_COURSE = { id: 'responsible-ai', first: 'responsible-ai-01' };
const PROMPTS = {
  id: 'prompt-engineering',
  title: 'Prompt Engineering for Developers',
  /** 64 s, direct video. */
  first: { id: 'prompt-engineering-01', title: 'How LLMs read your prompt' },
};

const price = (page: Page) => sidePanel(page).getByTestId('course-price');
const payButton = (page: Page) => sidePanel(page).locator('button[data-state]').first();

/** On a phone the price and the button sit in a bar along the bottom of the screen, wherever the page is scrolled. */
async function expectAtTheBottomOfTheScreen(page: Page, button: ReturnType<Page['locator']>) {
  await page.getByRole('heading', { name: 'Your instructor' }).scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  await expect(button).toBeInViewport();
}

async function goToDashboard(page: Page) {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await banner.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Closing the player refreshes the course and, in the background, the dashboard the learner will go back to. */
async function closePlayerAndWaitForTheDashboardRefresh(page: Page) {
  const dashboardRefreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard', {
    timeout: 10_000,
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await dashboardRefreshed;
}

/** From now on the dashboard answers after 5 s: what shows at once on the way back came from the page's cache. */
async function answerDashboardSlowly(page: Page) {
  await page.route('**/api/v1/dashboard', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue().catch(() => undefined);
  });
}

const metric = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Your learning at a glance' }).getByRole('listitem').filter({ hasText: title });

for (const screen of WIDTHS) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the headline price and the pay button follow the chosen plan, and checkout charges that plan', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`/course/${TIERS_AT_ONCE}`);
      await expect(plans(page).getByRole('radio', { name: /Weekly Access/ })).toBeChecked();
      await expect(price(page)).toHaveText('Price: ₹2,499');
      await expect(sidePanel(page).getByText('7 days of access').first()).toBeVisible();
      const weekly = sidePanel(page).getByRole('button', { name: 'Pay ₹2,499 · 7 days of access' });
      await expect(weekly).toBeVisible();

      await plans(page).locator('label').filter({ hasText: 'Lifetime Access' }).click();
      await expect(price(page)).toHaveText('Price: ₹12,999');
      const lifetime = sidePanel(page).getByRole('button', { name: 'Pay ₹12,999 · Lifetime access' });
      await expect(lifetime).toBeVisible();
      await expect(weekly).toHaveCount(0);
      if (screen.width < 768) await expectAtTheBottomOfTheScreen(page, lifetime);

      await lifetime.click();
      await expect(checkout(page)).toContainText('₹12,999');
      await expect(checkout(page)).toContainText('Lifetime Access');
      await checkout(page).getByRole('button', { name: 'Close' }).click();
      await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
    });

    test('after the free lesson ends, the price and the button switch from the course price to the selected tier', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`/course/${WITH_FREE_LESSON.id}`);
      // Before the free lesson: no tiers yet, and the button says what it sells (the course, for good).
      await expect(plans(page)).toHaveCount(0);
      await expect(price(page)).toHaveText('Price: ₹4,999');
      await expect(sidePanel(page).getByRole('button', { name: 'Pay ₹4,999 · Lifetime access' })).toBeVisible();

      await sidePanel(page).getByRole('button', { name: 'Start Free Lesson' }).click();
      const lesson = player(page, WITH_FREE_LESSON.free);
      await expect(lesson).toBeVisible();
      const video = lesson.locator('video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
      // The subject is what follows the end, not the watching.
      await video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = v.duration - 1;
        void v.play();
      });
      const popup = page.getByRole('dialog', { name: "You've finished the free lesson!" });
      await popup.getByRole('button', { name: 'Maybe later' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await expect(plans(page).getByRole('radio', { name: /^Weekly Access\b(?! \+)/ })).toBeChecked();
      await expect(price(page)).toHaveText('Price: ₹999');
      const weekly = sidePanel(page).getByRole('button', { name: 'Pay ₹999 · 7 days of access' });
      await expect(weekly).toBeVisible();
      await expect(sidePanel(page).getByRole('button', { name: /Enroll Now|₹4,999/ })).toHaveCount(0);
      if (screen.width < 768) await expectAtTheBottomOfTheScreen(page, weekly);

      await weekly.click();
      await expect(checkout(page)).toContainText('₹999');
      await expect(checkout(page)).toContainText('RAG from Scratch - Weekly Access');
      await checkout(page).getByRole('button', { name: 'Close' }).click();

      await plans(page).locator('label').filter({ hasText: 'Lifetime Access' }).click();
      await expect(price(page)).toHaveText('Price: ₹4,999');
      await expect(sidePanel(page).getByRole('button', { name: 'Pay ₹4,999 · Lifetime access' })).toBeVisible();
    });

    test('a free enrollment is confirmed and offers Start course; afterwards the page offers Continue: Lesson N', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`/course/${FREE_COURSE.id}`);
      await sidePanel(page).getByRole('button', { name: 'Enroll for Free' }).click();
      await expect(toastWith(page, "You're enrolled!")).toContainText('Every lesson of this course is open to you.');
      const start = sidePanel(page).getByRole('button', { name: 'Start course' });
      await expect(start).toBeVisible();
      // Focus moves from the enroll button (gone) to what comes next.
      await expect(start).toBeFocused();
      await expect(lessonRows(page).getByText('Locked')).toHaveCount(0);
      if (screen.width < 768) await expectAtTheBottomOfTheScreen(page, start);

      await start.click();
      await expect(page).toHaveURL(`/course/${FREE_COURSE.id}?lesson=${FREE_COURSE.first}`);
      await expect(page.getByRole('dialog')).toContainText('Lesson 1 of 5');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Started: the course page now offers to continue where the learner is.
      await expect(sidePanel(page).getByRole('button', { name: /^Continue: Lesson 1\b/ })).toBeVisible();
      await page.reload();
      await expect(sidePanel(page).getByRole('button', { name: /^Continue: Lesson 1\b/ })).toBeVisible();
      await expect(sidePanel(page).getByRole('button', { name: 'Start course' })).toHaveCount(0);
    });

    test('watching part of a lesson shows at once in the lesson list and on the dashboard, under a minute as < 1m', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, { name: 'Nisha Rao' });
      await api(page, 'POST', `/courses/${PROMPTS.id}/enroll`, {});
      // The learner looks at the dashboard first: its answer is now in the page's cache.
      await page.goto('/dashboard');
      const course = page.getByRole('region', { name: 'My Courses' }).getByRole('listitem');
      await expect(course.getByText('0m', { exact: true })).toBeVisible();

      await course.getByRole('link', { name: /^Continue Learning/ }).click();
      await expect(page).toHaveURL(`/course/${PROMPTS.id}?lesson=${PROMPTS.first.id}`);
      const lesson = player(page, PROMPTS.first.title);
      await expect(lesson).toBeVisible();
      // On a phone the speed sits in the player's Settings menu; the element's rate is what the player reads.
      await page.locator('video').evaluate((v: HTMLVideoElement) => {
        v.playbackRate = 2;
      });
      await page.waitForResponse(
        (r) =>
          r.url().endsWith(`/lessons/${PROMPTS.first.id}/progress`) &&
          (r.request().postDataJSON() as { watchSeconds: number }).watchSeconds >= 20,
        { timeout: 30_000 },
      );
      await closePlayerAndWaitForTheDashboardRefresh(page);

      const first = lessonRows(page).first();
      await expect(first.locator('[data-lesson-progress="started"]')).toBeVisible();
      await expect(first).toContainText(/\d+% watched/);
      await expect(sidePanel(page).getByRole('button', { name: /^Continue: Lesson 1\b/ })).toBeVisible();

      // Back on the dashboard, the figures are there at once (from the refreshed cache, before any new answer).
      await answerDashboardSlowly(page);
      await goToDashboard(page);
      await expect(course.getByText('< 1m', { exact: true })).toBeVisible({ timeout: 2_000 });
      await expect(metric(page, 'Time Spent Learning')).toContainText('< 1m', { timeout: 2_000 });
      await page.unroute('**/api/v1/dashboard');

      for (const theme of ['dark', 'light'] as const) {
        await page.evaluate((t) => {
          document.documentElement.classList.remove('dark', 'light');
          document.documentElement.classList.add(t);
        }, theme);
        await expectNoAxeViolations(page, `dashboard (${theme}, ${screen.width} px)`);
      }
    });

    test('the phone bar and the side panel have no axe violations, dark and light', async ({ page }) => {
      for (const theme of ['dark', 'light'] as const) {
        await page.addInitScript((t) => localStorage.setItem('kaushal.theme', t), theme);
        await page.goto(`/course/${TIERS_AT_ONCE}`);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(sidePanel(page).getByRole('button', { name: 'Pay ₹2,499 · 7 days of access' })).toBeVisible();
        await expectNoAxeViolations(page, `course page (${theme}, ${screen.width} px)`);
      }
    });
  });
}

test('a lesson watched to the end gets a tick, the page continues with the next lesson, and the dashboard counts it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await api(page, 'POST', `/courses/${PROMPTS.id}/enroll`, {});
  await page.goto('/dashboard');
  await expect(metric(page, 'Average Progress')).toContainText('0%');

  await page.getByRole('link', { name: /^Continue Learning/ }).click();
  const lesson = player(page, PROMPTS.first.title);
  await expect(lesson).toBeVisible();
  await page.getByLabel('Playback speed').selectOption('2');
  // 64 s at 2x: the whole lesson is really watched, so it counts as completed (decision 002).
  await page.waitForResponse(
    (r) =>
      r.url().endsWith(`/lessons/${PROMPTS.first.id}/progress`) &&
      (r.request().postDataJSON() as { completed: boolean }).completed,
    { timeout: 60_000 },
  );
  await closePlayerAndWaitForTheDashboardRefresh(page);

  const first = lessonRows(page).first();
  await expect(first.locator('[data-lesson-progress="completed"]')).toBeVisible();
  await expect(first).toContainText('Completed');
  await expect(sidePanel(page).getByRole('button', { name: /^Continue: Lesson 2\b/ })).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.remove('dark', 'light');
      document.documentElement.classList.add(t);
    }, theme);
    await expectNoAxeViolations(page, `course page with a completed lesson (${theme})`);
  }

  await answerDashboardSlowly(page);
  await goToDashboard(page);
  const course = page.getByRole('region', { name: 'My Courses' }).getByRole('listitem');
  // 1 of 6 lessons, about a minute watched; shown as soon as the learner is back.
  await expect(course.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17', { timeout: 2_000 });
  await expect(course.getByText('1m', { exact: true })).toBeVisible();
  await expect(course).toContainText('Next lesson');
});
