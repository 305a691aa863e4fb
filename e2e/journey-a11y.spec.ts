import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';
import { checkout, lessonButton, plans, player, sidePanel } from './support/course-page.ts';

const FREE = 'Loading and chunking documents';

test('the signed-in course page, the player, the completion popup and the checkout have no axe violations, dark and light', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { name: 'Arjun Nair' });
  const origin = new URL(page.url()).origin;

  for (const theme of ['dark', 'light'] as const) {
    await page.request.put('/api/v1/users/me/settings', { headers: { origin }, data: { theme } });
    await page.goto('/course/rag-from-scratch');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('region', { name: 'Latest reviews' }).getByRole('listitem').first()).toBeVisible();

    await lessonButton(page, FREE).click();
    const lesson = player(page, FREE);
    await expect(lesson.locator('[data-status="playing"]')).toBeVisible();
    await expectNoAxeViolations(page, `player (${theme})`);

    await lesson.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 1;
    });
    const popup = page.getByRole('dialog', { name: "You've finished the free lesson!" });
    await expect(popup).toBeVisible();
    await expectNoAxeViolations(page, `completion popup (${theme})`);

    // Maybe later, then close the player: the page now shows the tiers and the pay button.
    await popup.getByRole('button', { name: 'Maybe later' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(plans(page)).toBeVisible();
    await expectNoAxeViolations(page, `course page with tiers (${theme})`);
  }

  // The sandbox's checkout (its own light styles, whatever the theme) over the page.
  await sidePanel(page).getByRole('button', { name: 'Pay ₹999 · 7 days of access' }).click();
  await expect(checkout(page)).toBeVisible();
  await expectNoAxeViolations(page, 'sandbox checkout');
  await checkout(page).getByRole('button', { name: 'Close' }).click();
  await expect(checkout(page)).toHaveCount(0);
});
