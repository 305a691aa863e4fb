import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';
import {
  checkout,
  courseAccess,
  lessonButton,
  lessonRows,
  plans,
  player,
  sidePanel,
  toastWith,
} from './support/course-page.ts';

/**
 * Enrolling and paying on the course page, through the real API and the local payment sandbox (decision 003):
 * its checkout is a native modal dialog with Pay, Fail and Close, and Pay produces a genuinely signed payment that the
 * page verifies through POST /payments/verify. Every test signs in a learner of its own.
 */

/** A paid course without a free lesson: its tiers show at once (weekly ₹2,499, lifetime ₹12,999). */
const PAID = 'llmops-deployment';
/** The pay button says what it charges for what: the selected tier, weekly by default (issue 15). */
const PAY_WEEKLY = 'Pay ₹2,499 · 7 days of access';

const payButton = (page: Page) => sidePanel(page).locator('button[data-state]').first();

async function expectAllLessonsUnlocked(page: Page) {
  await expect(lessonRows(page).first()).toBeVisible();
  await expect(lessonRows(page).getByText('Locked')).toHaveCount(0);
}

test('a learner enrolls in a free course and every lesson becomes playable', async ({ page }) => {
  await signIn(page);
  await page.goto('/course/prompt-engineering');
  const panel = sidePanel(page);
  await expect(panel.getByTestId('enrollment-status')).toContainText('Not enrolled yet');
  await expect(lessonRows(page).getByText('Locked')).toHaveCount(4);

  await panel.getByRole('button', { name: 'Enroll for Free' }).click();
  await expect(toastWith(page, "You're enrolled!")).toContainText('Every lesson of this course is open to you.');
  // The enroll button gives way to the learner's way in (issue 15).
  await expect(panel.getByRole('button', { name: 'Start course' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: /Enroll for Free|Enrolled/ })).toHaveCount(0);
  await expect(panel.getByTestId('enrollment-status')).toContainText('Permanent Access');
  await expect(panel.getByTestId('enrollment-status')).toContainText('You have lifetime access to this course.');
  await expect(panel.getByRole('button', { name: 'Start Free Lesson' })).toHaveCount(0);
  await expectAllLessonsUnlocked(page);
  expect((await courseAccess(page, 'prompt-engineering')).isEnrolled).toBe(true);

  // A lesson that was locked now plays.
  const title = 'Few-shot and chain-of-thought';
  await lessonButton(page, title).click();
  await expect(player(page, title)).toBeVisible();
  await expect(page).toHaveURL(/\?lesson=prompt-engineering-04$/);

  // Reloaded, the page still says so, and offers to continue at the first lesson not completed.
  await page.goto('/course/prompt-engineering');
  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Permanent Access');
  await expect(sidePanel(page).getByRole('button', { name: /^Continue: Lesson 1\b/ })).toBeEnabled();
});

for (const plan of [
  {
    tier: 'Weekly Access',
    amount: '₹2,499',
    button: 'Pay ₹2,499 · 7 days of access',
    status: 'Active Access',
    message: /weekly access is active until/,
  },
  {
    tier: 'Lifetime Access',
    amount: '₹12,999',
    button: 'Pay ₹12,999 · Lifetime access',
    status: 'Permanent Access',
    message: /lifetime access/,
  },
]) {
  test(`a learner buys ${plan.tier} through the checkout and gets ${plan.status}`, async ({ page }) => {
    const learner = await signIn(page, { name: 'Meera Iyer' });
    await page.goto(`/course/${PAID}`);
    await expect(plans(page).getByRole('radio', { name: /Weekly Access/ })).toBeChecked();
    await expect(lessonRows(page).getByText('Locked')).toHaveCount(11);
    if (plan.tier !== 'Weekly Access') await plans(page).locator('label').filter({ hasText: plan.tier }).click();
    await expect(plans(page).getByRole('radio', { name: new RegExp(plan.tier) })).toBeChecked();

    await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
    await sidePanel(page).getByRole('button', { name: plan.button }).click();
    const dialog = checkout(page);
    await expect(dialog).toBeVisible();
    // The server priced the order: the tier's amount, the course and the learner.
    await expect(dialog).toContainText(plan.amount);
    await expect(dialog).toContainText(`MLOps and LLMOps: Shipping to Production - ${plan.tier}`);
    await expect(dialog).toContainText(`Paying as Meera Iyer, ${learner.email}`);
    // Loading (disabled) while the checkout is open.
    await expect(payButton(page)).toHaveAttribute('data-state', 'loading');
    await expect(payButton(page)).toBeDisabled();

    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toastWith(page, 'Payment successful!')).toContainText('You have been enrolled in the course.');
    const status = sidePanel(page).getByTestId('enrollment-status');
    await expect(status).toContainText(plan.status);
    await expect(status).toContainText(plan.message);
    await expectAllLessonsUnlocked(page);

    const access = await courseAccess(page, PAID);
    expect(access.isEnrolled).toBe(true);
    expect(access.enrollmentStatus?.status).toBe(plan.tier === 'Weekly Access' ? 'weekly' : 'permanent');

    // Reloaded: a running week can be extended; lifetime access is the current plan with nothing to buy.
    await page.goto(`/course/${PAID}`);
    if (plan.tier === 'Weekly Access') {
      await expect(sidePanel(page).getByRole('button', { name: 'Extend Access' })).toBeEnabled();
    } else {
      await expect(plans(page).locator('label').filter({ hasText: 'Lifetime Access' })).toContainText(
        'Your current plan',
      );
      await expect(payButton(page)).toHaveCount(0);
      await expect(sidePanel(page).getByRole('button', { name: /^Pay |Extend Access/ })).toHaveCount(0);
      await expect(sidePanel(page).getByRole('button', { name: 'Start course' })).toBeEnabled();
    }
  });
}

test('a failed payment shows the failure, and closing the checkout returns to idle with nothing bought', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/course/${PAID}`);
  await sidePanel(page).getByRole('button', { name: PAY_WEEKLY }).click();
  const dialog = checkout(page);
  await dialog.getByRole('button', { name: 'Fail' }).click();
  await expect(toastWith(page, 'Payment failed')).toContainText('Your payment could not be completed (sandbox).');
  await expect(payButton(page)).toHaveAttribute('data-state', 'failure');
  // Like Razorpay's, the checkout stays open after a failed attempt; the learner closes it.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
  await expect(sidePanel(page).getByRole('button', { name: PAY_WEEKLY })).toBeEnabled();

  // Dismissed with Escape: idle again.
  await sidePanel(page).getByRole('button', { name: PAY_WEEKLY }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toHaveAttribute('data-state', 'idle');

  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Not enrolled yet');
  expect((await courseAccess(page, PAID)).isEnrolled).toBe(false);
});

test('the sandbox checkout is a centred modal over a dimmed page, in the theme, keeping focus until Escape or Close', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/course/${PAID}`);
  const dialog = checkout(page);
  // The page preloads the checkout script; it notes where focus was (the pay button is disabled, so without
  // focus, by the time the checkout opens). A learner takes longer than a test to reach the button.
  await page.waitForFunction(() => (window as { Razorpay?: { sandbox?: boolean } }).Razorpay?.sandbox === true);
  // Opened from the keyboard, so where focus returns matters.
  await sidePanel(page)
    .getByRole('button', { name: /^Pay ₹/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');

  // Centred in the viewport, over a backdrop that dims the page: measured once its opening animation (a slide of
  // 8 px, 0.16 s) has ended, which a loaded machine can stretch past the first measurement.
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = await dialog.boundingBox();
  expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
  expect(Math.abs((box?.y ?? 0) + (box?.height ?? 0) / 2 - viewport.height / 2)).toBeLessThanOrEqual(2);
  const backdrop = await dialog.evaluate((el) => getComputedStyle(el, '::backdrop').backgroundColor);
  expect(Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(backdrop)?.[1] ?? 0)).toBeGreaterThanOrEqual(0.5);

  // The product's theme colours: the surface and text of the page's current theme (dark by default).
  const themed = () =>
    dialog.evaluate((el) => {
      const probe = document.createElement('div');
      probe.style.cssText = 'background: var(--color-surface); color: var(--color-fg)';
      document.body.append(probe);
      const want = getComputedStyle(probe);
      const got = getComputedStyle(el);
      const result = {
        background: [got.backgroundColor, want.backgroundColor],
        color: [got.color, want.color],
      };
      probe.remove();
      return result;
    });
  let colours = await themed();
  expect(colours.background[0]).toBe(colours.background[1]);
  expect(colours.color[0]).toBe(colours.color[1]);
  expect(colours.background[0]).toBe('rgb(14, 21, 38)');

  // Focus starts on Pay and Tab / Shift+Tab stay among the checkout's buttons.
  const button = (name: string) => dialog.getByRole('button', { name, exact: true });
  await expect(button('Pay')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button('Fail')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button('Close')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button('Pay')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(button('Close')).toBeFocused();

  // Like Razorpay's (modal.backdropclose defaults to false), a click on the backdrop neither closes the
  // checkout nor reaches the page under it.
  const url = page.url();
  await page.mouse.click(8, 8);
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(payButton(page)).toHaveAttribute('data-state', 'loading');

  // Close dismisses it (ondismiss: idle again) and focus returns to the button that opened it.
  await button('Close').click();
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
  await expect(payButton(page)).toBeFocused();

  // So does Escape, also after a failed attempt (which leaves the checkout open, saying so).
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await button('Fail').click();
  await expect(dialog.getByRole('status')).toHaveText('Payment failed. You can try again or close this window.');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
  await expect(payButton(page)).toBeFocused();
  // Nothing is left over the page: it scrolls and answers clicks again.
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  await expect(page.locator('dialog')).toHaveCount(0);

  // In the light theme the checkout is light too.
  await page.evaluate(() => {
    document.documentElement.className = 'light';
  });
  await sidePanel(page)
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(dialog).toBeVisible();
  colours = await themed();
  expect(colours.background[0]).toBe('rgb(255, 255, 255)');
  expect(colours.color[0]).toBe(colours.color[1]);
  await button('Close').click();
  await expect(dialog).toHaveCount(0);
});

test("a payment the server cannot verify says 'Payment verification failed' and grants nothing", async ({ page }) => {
  await signIn(page);
  await page.goto(`/course/${PAID}`);
  // The checkout's answer reaches the server with a signature that is not the provider's.
  await page.route('**/api/v1/payments/verify', async (route) => {
    const body = route.request().postDataJSON() as Record<string, string>;
    await route.continue({ postData: JSON.stringify({ ...body, razorpay_signature: '0'.repeat(64) }) });
  });
  const verified = page.waitForResponse('**/api/v1/payments/verify');
  await sidePanel(page).getByRole('button', { name: PAY_WEEKLY }).click();
  await checkout(page).getByRole('button', { name: 'Pay' }).click();
  expect((await verified).status()).toBe(400);
  await expect(toastWith(page, 'Payment verification failed')).toContainText(
    'Please contact support if amount was deducted.',
  );
  await expect(payButton(page)).toHaveAttribute('data-state', 'failure');
  await expect(toastWith(page, 'Payment successful!')).toHaveCount(0);
  expect((await courseAccess(page, PAID)).isEnrolled).toBe(false);
  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Not enrolled yet');
});

test('signed out, Enroll asks to sign in and signing in comes back to the course', async ({ page }) => {
  await page.goto('/course/rag-from-scratch');
  await sidePanel(page).getByRole('button', { name: 'Pay ₹4,999 · Lifetime access' }).click();
  await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to enroll in this course.');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page);
  await expect(page).toHaveURL(/\/course\/rag-from-scratch$/);
  await expect(sidePanel(page).getByRole('button', { name: 'Pay ₹4,999 · Lifetime access' })).toBeEnabled();

  // The free course's button asks the same. Signed out away from the app: a request of the course page still in
  // flight would answer 401 and the app would navigate, aborting this navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/course/python-for-ai');
  await sidePanel(page).getByRole('button', { name: 'Enroll for Free' }).click();
  await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to enroll in this course.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/course/python-for-ai');
});

test.describe('the payment result page', () => {
  test("success: 'Processing your payment...' for 2 seconds, then Go to Dashboard and Start Learning", async ({
    page,
  }) => {
    await page.goto('/payment-status?success=true&course=rag-from-scratch');
    const started = Date.now();
    await expect(page.getByText('Processing your payment...')).toBeVisible();
    const heading = page.getByRole('heading', { name: 'Payment Successful!' });
    await expect(heading).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    await expect(page.getByText('Processing your payment...')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await page.getByRole('link', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/course\/rag-from-scratch$/);
    await expect(page.getByRole('heading', { level: 1, name: 'RAG from Scratch' })).toBeVisible();
  });

  test('failure: Try Again goes back to the course, Back to Courses to the catalogue', async ({ page }) => {
    await page.goto('/payment-status?success=false&course=rag-from-scratch');
    await expect(page.getByText('Processing your payment...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/course/rag-from-scratch');
    await page.getByRole('link', { name: 'Back to Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });
});
