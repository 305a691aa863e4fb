import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';

const COURSE = 'prompt-engineering';
const metric = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Your learning at a glance' }).getByRole('listitem').filter({ hasText: title });

/** API calls as the signed-in browser makes them (its cookie, our Origin). */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

test('a learner who enrolled and watched part of a course sees its progress, time and next lesson', async ({
  page,
}) => {
  // Honest completion (decision 002) credits at most 2x the wall-clock time between progress reports.
  test.setTimeout(90_000);
  await signIn(page, { name: 'Ravi Kumar' });
  await api(page, 'POST', `/courses/${COURSE}/enroll`);

  // Play lesson 1 (64 s) to 60 s, past 90%: completed. Lesson 2 (an hour) plays alongside to 60 s: not completed.
  await api(page, 'GET', `/lessons/${COURSE}-01/signed-url`);
  await api(page, 'GET', `/lessons/${COURSE}-02/signed-url`);
  for (const position of [12, 24, 36, 48, 60]) {
    await page.waitForTimeout(4_700);
    for (const lesson of ['01', '02']) {
      await api(page, 'PUT', `/lessons/${COURSE}-${lesson}/progress`, { watchSeconds: position, completed: false });
    }
  }

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ravi Kumar!' })).toBeVisible();
  await expect(metric(page, 'Courses Enrolled')).toContainText('1');
  // 60 + 60 seconds watched.
  await expect(metric(page, 'Time Spent Learning')).toContainText('2m');
  // 1 of 6 lessons.
  await expect(metric(page, 'Average Progress')).toContainText('17%');
  await expect(metric(page, 'Achievements Earned')).toContainText('2');

  const course = page.getByRole('region', { name: 'My Courses' }).getByRole('listitem');
  await expect(course).toHaveCount(1);
  await expect(course.getByRole('heading', { name: 'Prompt Engineering for Developers' })).toBeVisible();
  await expect(course.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
  await expect(course.getByText('2m')).toBeVisible();
  await expect(course.getByText('Large language models in one hour')).toBeVisible();

  const achievements = page.getByRole('region', { name: 'Achievements' }).getByRole('listitem');
  await expect(achievements.filter({ hasText: 'First Steps' })).toContainText('Earned');
  await expect(achievements.filter({ hasText: 'First Lesson' })).toContainText('Earned');
  await expect(achievements.filter({ hasText: 'Dedicated Learner' })).toContainText('Locked');
  await expect(achievements.filter({ hasText: 'Halfway There' })).toContainText('Locked');

  await course.getByRole('link', { name: /^Continue Learning/ }).click();
  await expect(page).toHaveURL(`/course/${COURSE}?lesson=${COURSE}-02`);
});

test('when the dashboard cannot load, sample data stands in, says so, and Retry loads the real one', async ({
  page,
}) => {
  await signIn(page);
  await page.route('**/api/v1/dashboard', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal_error"}' }),
  );
  await page.goto('/dashboard');
  await expect(page.getByText(/We couldn't load your dashboard just now/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Introduction to Machine Learning' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deep Learning Fundamentals' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Achievements' }).getByRole('listitem')).toHaveCount(4);

  await page.unroute('**/api/v1/dashboard');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
  await expect(page.getByText(/We couldn't load your dashboard/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Introduction to Machine Learning' })).toHaveCount(0);
  await expect(metric(page, 'Time Spent Learning')).toContainText('0m');
  await page.getByRole('link', { name: 'Browse Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});
