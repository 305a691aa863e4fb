import { expect, test } from '@playwright/test';

test('home shows the featured courses of the seeded catalogue', async ({ page, request }) => {
  const featured = (await (await request.get('/api/v1/courses/featured')).json()) as Array<{ title: string }>;
  expect(featured.length).toBeGreaterThan(0);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Featured courses' });
  for (const course of featured) {
    await expect(section.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  }
});

test('the catalogue lists courses and opens a course page', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Courses' }).getByRole('listitem');
  await expect(cards).toHaveCount(9);
  const firstTitle = (await cards.first().getByRole('heading').textContent()) ?? '';
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
