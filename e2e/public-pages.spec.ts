import { expect, type Page, test } from '@playwright/test';

const h2Texts = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();

test.describe('about page', () => {
  test('has the mission, the claims of section 1, story, four values, what sets us apart and vision', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const section of ['Our mission', 'Our story', 'Our values', 'What sets us apart', 'Our vision']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    for (const [value, label] of [
      ['2024', 'Founded in'],
      ['10K+', 'Students trained'],
      ['95%', 'Job placement rate'],
      ['50+', 'Instructors'],
      ['4.9/5', 'Student rating'],
    ] as const) {
      const figure = page.locator('dl > div').filter({ hasText: label });
      await expect(figure.locator('dd')).toHaveText(value);
    }
    const values = page.getByRole('region', { name: 'Our values' }).getByRole('heading', { level: 3 });
    await expect(values).toHaveText(['Excellence', 'Community', 'Innovation', 'Accessibility']);
    const apart = page.getByRole('region', { name: 'What sets us apart' });
    for (const offering of ['Project-based courses', 'Career support', 'Corporate training', 'Partnerships']) {
      await expect(apart.getByRole('heading', { name: offering })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Explore Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Get in Touch' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });
});

test.describe('legal pages', () => {
  test('the terms end with sections 10 to 13 and an Important Notice, last updated December 2024', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText('Last updated December 2024', { exact: true })).toBeVisible();
    const headings = await h2Texts(page);
    const numbered = headings.filter((h) => /^\d+\. /.test(h));
    expect(numbered.map((h) => Number(h.split('.')[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(numbered.slice(-4)).toEqual([
      '10. Termination',
      '11. Governing Law',
      '12. Changes to Terms',
      '13. Contact Information',
    ]);
    expect(headings.indexOf('Important Notice')).toBe(headings.indexOf('13. Contact Information') + 1);
    const main = page.getByRole('main');
    await expect(main).toContainText('provided "as is"');
    await expect(main).toContainText('our liability is limited');
    await expect(main).toContainText('terminate your access to any or all services at our discretion');
    await expect(main).toContainText('governed by the laws of India');
    await expect(main).toContainText('courts in Bangalore, India');
    await expect(main).toContainText('Sharing course materials is prohibited');
    await expect(main).toContainText('Usage is tracked');
    await expect(main.locator('address')).toContainText('Bangalore, Karnataka 560001');
  });

  test('the privacy policy is last updated December 2024 and names the company address', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated December 2024', { exact: true })).toBeVisible();
    expect((await h2Texts(page)).length).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole('main').locator('address')).toContainText('560001');
    await expect(page.getByRole('main')).toContainText('India');
  });

  test('the refund policy states the windows and timelines, with no last-updated line', async ({ page }) => {
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await expect(page.getByText(/Last updated/)).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main).toContainText('within 12 hours of your purchase');
    await expect(main).toContainText('less than 20% of the course');
    await expect(main).toContainText('within 48 hours of purchase and have completed less than 25% of the course');
    await expect(main).toContainText('may be considered');
    await expect(main).toContainText('3-5 business days');
    await expect(main).toContainText('7-10 business days');
    await expect(main).toContainText('additional 3-7 business days');
  });
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
