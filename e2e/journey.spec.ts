import { expect, test } from '@playwright/test';
import { uniqueEmail, useFakeProfile } from './support/auth.ts';
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
 * A learner's whole way in, in one browser: a shared lesson link while signed out, sign-in and back to the
 * lesson, the free lesson to its end, the completion popup's upgrade offer, the sandbox checkout, and the
 * course's paid lessons playing afterwards.
 */
const COURSE = 'rag-from-scratch';
const FREE = { id: 'rag-from-scratch-02', title: 'Loading and chunking documents' };
const PAID = { id: 'rag-from-scratch-03', title: 'Embeddings in practice' };

test('from a shared lesson link to a paid course: sign in, free lesson, completion popup, checkout, paid lessons', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const link = `/course/${COURSE}?lesson=${FREE.id}`;
  await page.goto(link);
  await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to access this lesson.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe(link);

  // Signed in (on the /login page they were sent to), the learner is back on the link and the player opens there.
  await useFakeProfile(page, { name: 'Divya Menon', email: uniqueEmail() });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(link);
  const lesson = player(page, FREE.title);
  await expect(lesson).toBeVisible();
  await expect(lesson).toContainText('Lesson 2 of 9');
  // Previous (a free lesson) is open to them, Next (a paid one) is not.
  await expect(lesson.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await expect(lesson.getByRole('button', { name: 'Next' })).toBeDisabled();
  // A paid course with a free lesson: no tiers until the free lesson is done.
  await expect(plans(page)).toHaveCount(0);

  // The learner skips to the last second (the subject here is what follows the end, not the watching).
  const completionSaved = page.waitForResponse(
    (r) => r.url().endsWith(`/lessons/${FREE.id}/progress`) && r.request().postDataJSON()?.completed === true,
  );
  const videoEl = lesson.locator('video');
  await expect.poll(() => videoEl.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await videoEl.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 1;
    void v.play();
  });

  // The course data reloads 1.5 s after the server recorded the finished free lesson (spec section 9).
  await completionSaved;
  const savedAt = Date.now();
  await page.waitForRequest((r) => r.method() === 'GET' && r.url().endsWith(`/api/v1/courses/${COURSE}`));
  expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1_300);

  const popup = page.getByRole('dialog', { name: "You've finished the free lesson!" });
  await expect(popup).toBeVisible();
  // The course's tiers (at most the first 2; it has 2), and the guarantee.
  const offers = popup.getByRole('list', { name: 'Upgrade options' }).getByRole('listitem');
  await expect(offers).toHaveCount(2);
  await expect(popup.getByRole('button', { name: /^Choose / })).toHaveText([
    'Choose Weekly Access',
    'Choose Lifetime Access',
  ]);
  await expect(popup).toContainText('12-hour money-back guarantee');
  await expect(popup).toContainText('₹4,999');

  // The server recorded the finished free lesson, and the page behind the popup (hidden from assistive
  // technology while the modal is open) shows the tiers, weekly selected.
  await expect.poll(async () => (await courseAccess(page, COURSE)).hasCompletedFreeLesson).toBe(true);
  await expect(page.locator('#course-side-panel input[type="radio"][value="rag-from-scratch-weekly"]')).toBeChecked();

  // Choosing a tier closes the player, selects that tier and opens the checkout for it.
  await popup.getByRole('button', { name: 'Choose Lifetime Access' }).click();
  const pay = checkout(page);
  await expect(pay).toBeVisible();
  await expect(pay).toContainText('₹4,999');
  await expect(pay).toContainText('RAG from Scratch - Lifetime Access');
  await expect(popup).toHaveCount(0);
  await expect(lesson).toHaveCount(0);
  await expect(page).toHaveURL(`/course/${COURSE}`);
  await expect(plans(page).getByRole('radio', { name: /Lifetime Access/ })).toBeChecked();

  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(toastWith(page, 'Payment successful!')).toContainText('You have been enrolled in the course.');
  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Permanent Access');
  await expect(lessonRows(page).getByText('Locked')).toHaveCount(0);

  // A paid lesson plays now, and both neighbours are open.
  await lessonButton(page, PAID.title).click();
  const paid = player(page, PAID.title);
  await expect(paid).toBeVisible();
  await expect(page).toHaveURL(`/course/${COURSE}?lesson=${PAID.id}`);
  await expect(paid.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expect.poll(() => paid.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await paid.getByRole('button', { name: 'Next' }).click();
  await expect(player(page, 'Vector search with cosine similarity')).toBeVisible();
  await expect(page).toHaveURL(`/course/${COURSE}?lesson=rag-from-scratch-04`);
  expect((await courseAccess(page, COURSE)).enrollmentStatus?.status).toBe('permanent');
});
