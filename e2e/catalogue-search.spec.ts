import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';

// Catalogue search and filters (issue 22, decision 028) on the seeded catalogue (content/courses).

const results = (page: Page) => page.getByRole('list', { name: 'Courses' }).getByRole('article');
const resultTitles = (page: Page) => results(page).getByRole('heading').allTextContents();
/** The app has taken over the page the server drew (its controls answer from then on). */
const hydrated = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-first-paint');

test.describe('catalogue search', () => {
  test('"rag" finds RAG from Scratch first; a misspelt "transfomers" finds Transformers, Explained', async ({
    page,
  }) => {
    await page.goto('/courses');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search courses', exact: true });
    await box.fill('rag');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/courses\?q=rag$/);
    await expect(results(page).first().getByRole('heading')).toHaveText('RAG from Scratch');
    await expect(results(page).first().locator('mark').first()).toHaveText('RAG');
    await expectNoAxeViolations(page);

    // Drawn on the server: the results are in the HTML before any script runs.
    const html = await (await page.request.get('/courses?q=transfomers')).text();
    expect(html).toContain('Transformers, Explained');
    await page.goto('/courses?q=transfomers');
    await expect(results(page).first().getByRole('heading')).toHaveText('Transformers, Explained');
  });

  test('Free + Beginner give the free beginner courses, and survive a reload', async ({ page }) => {
    await page.goto('/courses');
    await hydrated(page);
    await expect(results(page)).toHaveCount(9);
    await page.getByLabel('Level').selectOption('Beginner');
    await page.getByLabel('Price', { exact: true }).selectOption('free');
    await expect(page).toHaveURL(/\/courses\?difficulty=Beginner&price=free$/);
    const expected = ['Prompt Engineering for Developers', 'Python for AI Engineers', 'Responsible AI for Engineers'];
    await expect(results(page)).toHaveCount(3);
    expect((await resultTitles(page)).sort()).toEqual(expected);
    await expect(page.getByText('3 courses found')).toBeVisible();
    // One page: no page count (spec).
    await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Level')).toHaveValue('Beginner');
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('free');
    await expect(results(page)).toHaveCount(3);
    expect((await resultTitles(page)).sort()).toEqual(expected);
    await expectNoAxeViolations(page);

    // Back undoes the filters one at a time.
    await page.goBack();
    await expect(page).toHaveURL(/\/courses\?difficulty=Beginner$/);

    // On a phone the filters fold behind a button that says how many are on.
    await page.setViewportSize({ width: 375, height: 800 });
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Level')).toBeHidden();
    await toggle.click();
    await expect(page.getByLabel('Level')).toHaveValue('Beginner');
    await expectNoAxeViolations(page);
  });

  test('the navigation search suggests courses and lessons and works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search courses and lessons' });
    // The plain box becomes the combobox when focused; typing goes on in it.
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search courses and lessons' }).focus();
    await expect(box).toBeFocused();
    await page.keyboard.type('transf');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option').first()).toContainText('Transformers, Explained');
    await expect(listbox.getByRole('group', { name: 'Lessons' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('ArrowDown');
    await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/course\/transformers-explained$/);

    // Enter with no option chosen searches the catalogue.
    await box.fill('agents');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/courses\?q=agents$/);
    await expect(results(page).first().getByRole('heading')).toHaveText('AI Agents and Tool Use');
  });
});
