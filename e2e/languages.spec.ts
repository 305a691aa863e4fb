import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';
import { escapeRegExp, player } from './support/course-page.ts';

/**
 * Interface languages (docs/decisions/030): Hindi chosen in the settings translates the navigation, the
 * course page, the player's controls and a toast, and stays after a reload and after signing out; every
 * language passes axe with the right `lang`.
 */

const COURSE = 'rag-from-scratch';
const INTRO = 'Why RAG, and when not to use it';

test('switching to Hindi translates the interface and survives a reload and a sign-out', async ({ page }) => {
  await signIn(page, { name: 'Asha Verma' });
  await page.goto('/settings');
  await page.getByLabel('Language', { exact: true }).selectOption('hi');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  // The toast already speaks Hindi.
  await expect(page.getByText('सेटिंग्स सहेजी गईं', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  const nav = page.getByRole('navigation', { name: 'मुख्य' });
  await expect(nav.getByRole('link', { name: 'कोर्स' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'डैशबोर्ड' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();

  await page.goto(`/course/${COURSE}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: /^पाठ/ })).toBeVisible();
  await expect(page.getByText('12 घंटे की पैसे-वापसी गारंटी')).toBeVisible();
  // Course content stays in the language it was written in.
  await page
    .getByRole('region', { name: /^पाठ/ })
    .getByRole('button', { name: new RegExp(escapeRegExp(INTRO)) })
    .click();
  const lesson = player(page, INTRO);
  const controls = lesson.getByRole('group', { name: 'वीडियो नियंत्रण' });
  await expect(controls).toBeVisible();
  await expect(controls.getByRole('button', { name: /^(चलाएँ|रोकें)$/ })).toBeVisible();
  await expect(controls.getByRole('button', { name: 'फ़ुल स्क्रीन' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByText('12 घंटे की पैसे-वापसी गारंटी')).toBeVisible();

  await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('button', { name: 'लॉग आउट' }).click();
  await expect(page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'साइन इन करें' })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'साइन इन करें' })).toBeVisible();
});

for (const language of ['en', 'hi', 'es', 'fr', 'de']) {
  test(`the home and course pages pass axe in ${language}, with <html lang="${language}">`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'kaushal_lang', value: language, url: test.info().project.use.baseURL ?? '' }]);
    for (const path of ['/', `/course/${COURSE}`]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(page);
    }
  });
}

test('the home page, About and a legal page speak Hindi; the policy itself stays English, marked so, and axe passes', async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'kaushal_lang', value: 'hi', url: test.info().project.use.baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kaushal AI के साथ AI इंजीनियर बनें');
  await expect(page.getByRole('heading', { level: 2, name: 'चुनिंदा कोर्स' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kaushal AI ही क्यों चुनें?' })).toBeVisible();

  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'हम इंजीनियरों को AI इंजीनियर बनाते हैं' })).toBeVisible();
  await expectNoAxeViolations(page, 'About in Hindi');

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' })).toBeVisible();
  await expect(page.getByText('यह नीति केवल अंग्रेज़ी में प्रकाशित है। नीचे दिया गया अंग्रेज़ी पाठ ही मान्य है।')).toBeVisible();
  const retention = page.getByRole('heading', { level: 2, name: '6. Data Retention' });
  await expect(retention).toBeVisible();
  await expect(page.locator('[lang="en"]').filter({ has: retention })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'संबंधित नीतियाँ' })).toBeVisible();
  await expectNoAxeViolations(page, 'the privacy policy in Hindi');
});
