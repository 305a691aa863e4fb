import { expect, type Page, test } from '@playwright/test';

/** The one titled toast on screen (spec: one visible at a time). */
const toastWith = (page: Page, title: string) => page.locator('li[data-variant]').filter({ hasText: title });
const storedRedirect = (page: Page) => page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'));
const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Enrollment' });

test.describe('course page for an anonymous visitor', () => {
  test('shows the main area: badge, title, description, facts, lessons, instructor and reviews', async ({
    page,
    request,
  }) => {
    const course = await (await request.get('/api/v1/courses/rag-from-scratch')).json();
    await page.goto('/course/rag-from-scratch');

    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.locator('header [data-difficulty]')).toHaveText(course.difficulty);
    await expect(page.getByText(course.description, { exact: true })).toBeVisible();
    await expect(page.getByText(course.duration, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`${course.students.toLocaleString('en-IN')} students`)).toBeVisible();
    await expect(page.getByText(`${course.rating.toFixed(1)} / 5`)).toBeVisible();

    const lessons = page.getByRole('region', { name: /^Lessons/ }).getByRole('listitem');
    await expect(lessons).toHaveCount(course.lessons.length);
    for (const [i, lesson] of course.lessons.entries()) {
      const row = lessons.nth(i);
      await expect(row).toContainText(lesson.title);
      await expect(row).toContainText(lesson.duration);
      if (lesson.isFree) {
        await expect(row.getByText('Free', { exact: true })).toBeVisible();
        await expect(row.getByText('Locked')).toHaveCount(0);
      } else {
        await expect(row.getByText('Free', { exact: true })).toHaveCount(0);
        await expect(row.getByText('Locked')).toHaveCount(1);
        await expect(row.locator('svg.lucide-lock')).toBeVisible();
      }
    }

    await expect(page.getByRole('heading', { name: 'Your instructor' })).toBeVisible();
    await expect(page.getByText(course.instructor, { exact: true })).toBeVisible();
    const reviews = (await (await request.get('/api/v1/courses/rag-from-scratch/reviews?size=3')).json()).items;
    const reviewList = page.getByRole('region', { name: 'Latest reviews' }).getByRole('listitem');
    await expect(reviewList).toHaveCount(reviews.length);
    await expect(reviewList.first()).toContainText(reviews[0].comment);
  });

  test('shows the side panel: thumbnail, price, free lesson, status, guarantee and help link', async ({ page }) => {
    await page.goto('/course/rag-from-scratch');
    const panel = sidePanel(page);
    await expect(panel.locator('img')).toHaveAttribute('src', '/thumbnails/rag-from-scratch.svg');
    await expect(panel.getByTestId('course-price')).toHaveText('Price: ₹4,999');
    // Before the free lesson the tiers wait, and the button sells the course for good at its own price.
    await expect(panel.getByRole('button', { name: 'Pay ₹4,999 · Lifetime access' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Start Free Lesson' })).toBeVisible();
    await expect(panel.getByTestId('enrollment-status')).toContainText('Not enrolled yet');
    await expect(panel.getByText('12-hour money-back guarantee', { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Contact us for help' })).toHaveAttribute('href', '/contact-us');
    // A paid course with a free lesson: the tiers wait until the free lesson is done (spec section 4).
    await expect(panel.getByRole('group', { name: 'Choose your plan' })).toHaveCount(0);
  });

  test('clicking a lesson asks to sign in, stores the path and goes to /login', async ({ page }) => {
    await page.goto('/course/rag-from-scratch?from=share');
    await page
      .getByRole('region', { name: /^Lessons/ })
      .getByRole('button')
      .nth(2)
      .click();
    await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to access this lesson.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedRedirect(page)).toBe('/course/rag-from-scratch?from=share');
  });

  test('Start Free Lesson asks to sign in too, even though the lesson is free', async ({ page }) => {
    await page.goto('/course/ml-foundations');
    await sidePanel(page).getByRole('button', { name: 'Start Free Lesson' }).click();
    await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to access this lesson.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedRedirect(page)).toBe('/course/ml-foundations');
  });

  test('Enroll asks to sign in to enroll, stores the path and goes to /login', async ({ page }) => {
    await page.goto('/course/prompt-engineering');
    await sidePanel(page).getByRole('button', { name: 'Enroll for Free' }).click();
    await expect(toastWith(page, 'Sign in required')).toContainText('Please sign in to enroll in this course.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedRedirect(page)).toBe('/course/prompt-engineering');
  });

  test('a course without a free lesson shows its tiers, weekly selected, and says there is no free lesson', async ({
    page,
  }) => {
    await page.goto('/course/llmops-deployment');
    const plans = sidePanel(page).getByRole('group', { name: 'Choose your plan' });
    const weekly = plans.getByRole('radio', { name: /Weekly Access/ });
    const lifetime = plans.getByRole('radio', { name: /Lifetime Access/ });
    await expect(weekly).toBeChecked();
    await expect(lifetime).not.toBeChecked();

    const weeklyCard = plans.locator('label').filter({ hasText: 'Weekly Access' });
    await expect(weeklyCard).toContainText('Seven days of access to every video lesson in this course');
    await expect(weeklyCard.getByText('₹2,499', { exact: true })).toBeVisible();
    await expect(weeklyCard.locator('.line-through')).toHaveText('Original price ₹3,499');
    await expect(weeklyCard.getByText('29% off')).toBeVisible();
    await expect(weeklyCard.getByText('7 days of access')).toBeVisible();
    const lifetimeCard = plans.locator('label').filter({ hasText: 'Lifetime Access' });
    await expect(lifetimeCard.getByText('₹12,999', { exact: true })).toBeVisible();
    await expect(lifetimeCard.getByText('35% off')).toBeVisible();
    await expect(lifetimeCard.getByText('Lifetime access', { exact: true })).toBeVisible();

    await lifetimeCard.click();
    await expect(lifetime).toBeChecked();
    await expect(weekly).not.toBeChecked();

    await sidePanel(page).getByRole('button', { name: 'Start Free Lesson' }).click();
    await expect(toastWith(page, 'No free lesson available')).toContainText(
      "This course doesn't have a free preview lesson.",
    );
    await expect(page).toHaveURL(/\/course\/llmops-deployment$/);
  });

  test('an empty instructor falls back to the product AI expert label', async ({ page }) => {
    await page.goto('/course/vector-databases');
    await expect(page.getByText('Kaushal AI AI Expert', { exact: true })).toBeVisible();
  });

  test('an unknown course redirects to /404', async ({ page }) => {
    await page.goto('/course/no-such-course');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });

  test("a load failure says 'Failed to load course details. Please try again.'", async ({ page }) => {
    await page.route('**/api/v1/courses/rag-from-scratch', (route) =>
      route.fulfill({ status: 500, json: { code: 'internal_error' } }),
    );
    await page.goto('/course/rag-from-scratch');
    await expect(page.getByRole('alert')).toHaveText('Failed to load course details. Please try again.');
  });

  test('the server fills the title and Open Graph tags of a shared course link', async ({ request }) => {
    const html = await (await request.get('/course/rag-from-scratch')).text();
    expect(html).toContain('<title>RAG from Scratch | Kaushal AI</title>');
    expect(html).toContain('<meta property="og:title" content="RAG from Scratch" />');
  });
});
