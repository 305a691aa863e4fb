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
 * its checkout is a native dialog with Pay, Fail and Close, and Pay produces a genuinely signed payment that the
 * page verifies through POST /payments/verify. Every test signs in a learner of its own.
 */

/** A paid course without a free lesson: its tiers show at once (weekly ₹2,499, lifetime ₹12,999). */
const PAID = 'llmops-deployment';

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
  await expect(panel.getByRole('button', { name: 'Enrolled' })).toBeDisabled();
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

  // Reloaded, the page still says so.
  await page.goto('/course/prompt-engineering');
  await expect(sidePanel(page).getByRole('button', { name: 'Enrolled' })).toBeDisabled();
});

for (const plan of [
  { tier: 'Weekly Access', amount: '₹2,499', status: 'Active Access', message: /weekly access is active until/ },
  { tier: 'Lifetime Access', amount: '₹12,999', status: 'Permanent Access', message: /lifetime access/ },
]) {
  test(`a learner buys ${plan.tier} through the checkout and gets ${plan.status}`, async ({ page }) => {
    const learner = await signIn(page, { name: 'Meera Iyer' });
    await page.goto(`/course/${PAID}`);
    await expect(plans(page).getByRole('radio', { name: /Weekly Access/ })).toBeChecked();
    await expect(lessonRows(page).getByText('Locked')).toHaveCount(11);
    if (plan.tier !== 'Weekly Access') await plans(page).locator('label').filter({ hasText: plan.tier }).click();
    await expect(plans(page).getByRole('radio', { name: new RegExp(plan.tier) })).toBeChecked();

    await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
    await sidePanel(page).getByRole('button', { name: 'Enroll Now' }).click();
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
      await expect(sidePanel(page).getByRole('button', { name: /Enroll Now|Extend Access/ })).toHaveCount(0);
    }
  });
}

test('a failed payment shows the failure, and closing the checkout returns to idle with nothing bought', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/course/${PAID}`);
  await sidePanel(page).getByRole('button', { name: 'Enroll Now' }).click();
  const dialog = checkout(page);
  await dialog.getByRole('button', { name: 'Fail' }).click();
  await expect(toastWith(page, 'Payment failed')).toContainText('Your payment could not be completed (sandbox).');
  await expect(payButton(page)).toHaveAttribute('data-state', 'failure');
  // Like Razorpay's, the checkout stays open after a failed attempt; the learner closes it.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toHaveAttribute('data-state', 'idle');
  await expect(sidePanel(page).getByRole('button', { name: 'Enroll Now' })).toBeEnabled();

  // Dismissed with Escape: idle again.
  await sidePanel(page).getByRole('button', { name: 'Enroll Now' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(payButton(page)).toHaveAttribute('data-state', 'idle');

  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Not enrolled yet');
  expect((await courseAccess(page, PAID)).isEnrolled).toBe(false);
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
  await sidePanel(page).getByRole('button', { name: 'Enroll Now' }).click();
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
  await sidePanel(page).getByRole('button', { name: 'Enroll Now' }).click();
  await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to enroll in this course.');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page);
  await expect(page).toHaveURL(/\/course\/rag-from-scratch$/);
  await expect(sidePanel(page).getByRole('button', { name: 'Enroll Now' })).toBeEnabled();

  // The free course's button asks the same.
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
