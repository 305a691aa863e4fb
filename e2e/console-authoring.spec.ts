import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { checkout, lessonButton, player, sidePanel, toastWith } from './support/course-page.ts';
import { type RunningProduct, startProduct } from './support/product.ts';
import { signInWithStandIn } from './support/stand-in.ts';

// Issue 16's done-when, from an EMPTY catalogue (no demo seed): the demo admin builds a course in the console
// (two sections, three lessons, an uploaded video over tus, captions, a thumbnail, two tiers, a keyboard
// reorder), previews it and publishes it; a learner then finds it, buys it through the payment sandbox and
// watches the uploaded video. Every file is made here at test time (ffmpeg for the video and the picture).

const run = promisify(execFile);
let product: RunningProduct;
let files: string;
const media = { video: '', captions: '', picture: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  files = await mkdtemp(path.join(tmpdir(), 'console-authoring-'));
  media.video = path.join(files, 'lesson.mp4');
  media.picture = path.join(files, 'cover.png');
  media.captions = path.join(files, 'lesson.vtt');
  // Six seconds of test pattern (H.264 in MP4, faststart): a real video the API's ffprobe accepts.
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=15', '-t', '6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', media.video],
  ]);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180',
    '-frames:v',
    '1',
    media.picture,
  ]);
  await writeFile(
    media.captions,
    'WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome to the lesson.\n\n00:03.000 --> 00:06.000\nThis video was uploaded in the console.\n',
  );
  product = await startProduct({ SEED_DEMO: 'false' });
});
test.afterAll(async () => {
  await product?.stop();
  if (files) await rm(files, { recursive: true, force: true });
});
test.describe.configure({ mode: 'serial' });

const suffix = randomUUID().slice(0, 6);
const courseTitle = `Authored Course ${suffix}`;
const learner = { name: `Asha Learner ${suffix}`, email: `asha-${suffix}@example.com` };
const LESSONS = { free: 'Welcome and setup', upload: 'Watching the upload', youtube: 'A talk on YouTube' } as const;

const banner = (page: Page) => page.getByRole('banner');
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const outline = (page: Page) => page.getByRole('region', { name: /^Outline/ });
const liveRegion = (page: Page) => outline(page).locator('[aria-live="polite"]');
const sectionItem = (page: Page, n: number) =>
  outline(page).getByRole('listitem', { name: new RegExp(`^Section ${n}:`) });

async function saveTheme(page: Page, theme: 'dark' | 'light') {
  const origin = product.baseUrl;
  const res = await page.request.put(`${origin}/api/v1/users/me/settings`, { headers: { origin }, data: { theme } });
  expect(res.status()).toBe(200);
}

async function addLesson(page: Page, section: number, title: string, options: { free?: boolean; youtube?: string }) {
  await outline(page)
    .getByRole('button', { name: `Add lesson to section ${section}` })
    .click();
  const add = dialog(page, 'Add a lesson');
  await add.getByLabel('Title').fill(title);
  if (options.free) await add.getByLabel('Free preview').check();
  if (options.youtube) await add.getByLabel('YouTube embed link').fill(options.youtube);
  await add.getByRole('button', { name: 'Add lesson' }).click();
  await expect(add).toHaveCount(0);
  await expect(sectionItem(page, section)).toContainText(title);
}

/** An HTML5 drag by mouse: pressed on the source, moved over the target in steps (dragover needs a few), released. */
async function drag(page: Page, source: Locator, target: Locator) {
  await source.hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop target is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
  await target.hover();
  await page.mouse.up();
}

const lessonTitles = (section: Locator) => section.getByRole('listitem').locator('span.flex-1');

let courseUrl = '';

test('the demo admin builds a course from an empty catalogue, previews it and publishes it', async ({ page }) => {
  test.setTimeout(240_000);
  await signInWithStandIn(page, 'demo admin', product.baseUrl);
  await banner(page).getByRole('link', { name: 'Console' }).click();
  await expect(page).toHaveURL(`${product.baseUrl}/admin/courses`);

  await page.getByRole('button', { name: 'New course' }).click();
  const create = dialog(page, 'New course');
  await create.getByLabel('Title').fill(courseTitle);
  await create.getByLabel('Price (₹)').fill('999');
  await create.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/authored-course-/);
  courseUrl = page.url();
  const courseId = new URL(courseUrl).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 2, name: courseTitle })).toBeVisible();

  // Two sections: the first one a new course starts with, renamed, and one added; saved with the version.
  await outline(page).getByRole('textbox', { name: 'Section 1' }).fill('Getting started');
  await outline(page).getByRole('button', { name: 'Add section' }).click();
  await outline(page).getByRole('textbox', { name: 'Section 2' }).fill('Going further');
  await expect(outline(page).getByRole('button', { name: 'Add lesson to section 2' })).toBeDisabled();
  await outline(page).getByRole('button', { name: 'Save outline' }).click();
  await expect(liveRegion(page)).toHaveText('Outline saved.');
  await expect(outline(page).getByRole('button', { name: 'Save outline' })).toBeDisabled();

  // Three lessons: a free one, one for the upload, a YouTube one (a bad link refused next to its field first).
  await addLesson(page, 1, LESSONS.free, { free: true });
  await addLesson(page, 1, LESSONS.upload, {});
  await outline(page).getByRole('button', { name: 'Add lesson to section 2' }).click();
  const add = dialog(page, 'Add a lesson');
  await add.getByLabel('Title').fill(LESSONS.youtube);
  await add.getByLabel('YouTube embed link').fill('https://youtu.be/dQw4w9WgXcQ');
  await add.getByRole('button', { name: 'Add lesson' }).click();
  await expect(add.getByLabel('YouTube embed link')).toHaveAccessibleDescription(/Paste a YouTube embed link/);
  await add.getByLabel('YouTube embed link').fill('https://www.youtube.com/embed/dQw4w9WgXcQ');
  await add.getByRole('button', { name: 'Add lesson' }).click();
  await expect(add).toHaveCount(0);
  await expect(sectionItem(page, 2)).toContainText(LESSONS.youtube);
  await expect(sectionItem(page, 2)).toContainText('YouTube');

  // The video, over tus: progress to 100 %, then the API's verdict.
  await outline(page)
    .getByRole('button', { name: `Edit lesson ${LESSONS.upload}` })
    .click();
  const lesson = dialog(page, `Lesson: ${LESSONS.upload}`);
  await expect(lesson.getByText('Now: No video yet.')).toBeVisible();
  await lesson.getByLabel('Video file (MP4 or WebM, up to 2 GB)').setInputFiles(media.video);
  await lesson.getByRole('button', { name: 'Upload video' }).click();
  await expect(lesson.getByText(/Video accepted \(0 min 6 s\): the lesson plays it now\./)).toBeVisible({
    timeout: 60_000,
  });
  await expect(lesson.getByText('Now: An uploaded video (0 min 6 s).')).toBeVisible();

  // Captions: a WebVTT file with its language and label.
  await lesson.getByLabel('Captions file (.vtt)').setInputFiles(media.captions);
  await lesson.getByRole('button', { name: 'Upload captions' }).click();
  await expect(lesson.getByText('Captions (English) saved.')).toBeVisible();
  await expect(lesson.getByRole('listitem').filter({ hasText: 'English (en)' })).toBeVisible();
  await expectNoAxeViolations(page, 'lesson dialog');
  await lesson.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(lesson).toHaveCount(0);
  await expect(sectionItem(page, 1)).toContainText('Uploaded video');
  await expect(sectionItem(page, 1)).toContainText('Captions: en');

  // The thumbnail.
  const thumbnail = page.getByRole('region', { name: 'Thumbnail' });
  await thumbnail.getByLabel('Picture').setInputFiles(media.picture);
  await thumbnail.getByRole('button', { name: 'Upload thumbnail' }).click();
  await expect(thumbnail.getByText('Thumbnail saved.')).toBeVisible();
  await expect(thumbnail.getByRole('img', { name: `Current thumbnail of ${courseTitle}` })).toBeVisible();

  // Two tiers, then the second moved up with the keyboard.
  const tiers = page.getByRole('region', { name: 'Pricing tiers' });
  for (const [title, price, access] of [
    ['Weekly pass', '499', 'weekly'],
    ['Lifetime', '1999', 'permanent'],
  ] as const) {
    await tiers.getByRole('button', { name: 'Add tier' }).click();
    const tier = dialog(page, 'Add a pricing tier');
    await tier.getByLabel('Title').fill(title);
    await tier.getByRole('textbox', { name: 'Price (₹)', exact: true }).fill(price);
    await tier.getByLabel('Access').selectOption(access);
    await tier.getByRole('button', { name: 'Add tier' }).click();
    await expect(tier).toHaveCount(0);
  }
  const tierRows = tiers.locator('tbody tr');
  await expect(tierRows).toHaveCount(2);
  await tiers.getByRole('button', { name: 'Move Lifetime up' }).focus();
  await page.keyboard.press('Enter');
  await expect(tiers.getByRole('status')).toHaveText('Moved Lifetime to position 1 of 2.');
  await expect(tierRows.nth(0)).toContainText('Lifetime');
  await expect(tiers.getByRole('button', { name: 'Delete Lifetime' })).toBeEnabled();

  // The outline by keyboard: the uploaded lesson picked up, moved above the free one, dropped, saved.
  const move = outline(page).getByRole('button', { name: `Move lesson ${LESSONS.upload}` });
  await move.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toContainText(
    `Picked up lesson ${LESSONS.upload}. Position 2 of 2 in section Getting started.`,
  );
  await page.keyboard.press('ArrowUp');
  await expect(liveRegion(page)).toHaveText('Position 1 of 2 in section Getting started.');
  await expect(move).toBeFocused();
  // Escape puts a lesson back; picked up again it crosses into section 2 and back.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion(page)).toHaveText('Position 1 of 2 in section Going further.');
  await page.keyboard.press('Escape');
  await expect(liveRegion(page)).toContainText('Move cancelled.');
  await expect(lessonTitles(sectionItem(page, 1))).toHaveText([LESSONS.free, LESSONS.upload]);
  await move.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(liveRegion(page)).toHaveText(
    `Dropped lesson ${LESSONS.upload}. Position 1 of 2 in section Getting started.`,
  );
  await expect(lessonTitles(sectionItem(page, 1))).toHaveText([LESSONS.upload, LESSONS.free]);
  await outline(page).getByRole('button', { name: 'Save outline' }).click();
  await expect(liveRegion(page)).toHaveText('Outline saved.');

  // By drag: the YouTube lesson dropped on section 1's first lesson goes before it, then back to section 2.
  const youtubeHandle = outline(page).getByRole('button', { name: `Move lesson ${LESSONS.youtube}` });
  await drag(page, youtubeHandle, sectionItem(page, 1).getByRole('listitem').first());
  await expect(liveRegion(page)).toHaveText(
    `Moved lesson ${LESSONS.youtube}. Position 1 of 3 in section Getting started.`,
  );
  await expect(lessonTitles(sectionItem(page, 1))).toHaveText([LESSONS.youtube, LESSONS.upload, LESSONS.free]);
  await expect(sectionItem(page, 2)).toContainText('No lessons in this section.');
  await drag(page, youtubeHandle, sectionItem(page, 2).getByText('No lessons in this section.'));
  await expect(lessonTitles(sectionItem(page, 2))).toHaveText([LESSONS.youtube]);
  await expect(outline(page).getByRole('button', { name: 'Save outline' })).toBeDisabled();

  // axe on the editor in both themes, and at 768 px.
  for (const theme of ['dark', 'light'] as const) {
    await saveTheme(page, theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(lessonTitles(sectionItem(page, 1))).toHaveText([LESSONS.upload, LESSONS.free]);
    await expectNoAxeViolations(page, `course editor (${theme})`);
  }
  await page.setViewportSize({ width: 768, height: 1000 });
  await expectNoAxeViolations(page, 'course editor at 768 px');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the editor scrolls sideways at 768 px').toBeLessThanOrEqual(0);
  await outline(page)
    .getByRole('button', { name: `Edit lesson ${LESSONS.upload}` })
    .click();
  await expectNoAxeViolations(page, 'lesson dialog at 768 px (light)');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Preview as a learner: the draft's course page, in a new tab, with the outline as saved.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /Preview as a learner/ }).click(),
  ]);
  await expect(preview).toHaveURL(`${product.baseUrl}/course/${courseId}`);
  await expect(preview.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  await expect(lessonButton(preview, LESSONS.upload)).toBeVisible();
  await preview.close();

  // Publish.
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(publishing.getByText('Published', { exact: true })).toBeVisible();
});

test('a learner finds the new course, buys it in the sandbox and watches the uploaded video', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: product.baseUrl });
  const page = await context.newPage();
  try {
    await signInWithStandIn(page, learner, product.baseUrl);
    // Each API process keeps public catalogue answers, "no such course" too, for CATALOGUE_CACHE_SECONDS (5 s;
    // decision 019): the admin's preview of the draft was such a miss, so for those seconds after publishing
    // the page may still answer 404. Found in /courses, it is opened again until it shows.
    await expect(async () => {
      await page.goto(`${product.baseUrl}/courses`);
      await page
        .getByRole('link', { name: new RegExp(courseTitle) })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });

    await sidePanel(page).getByRole('button', { name: /^Pay / }).click();
    const pay = checkout(page);
    await expect(pay).toContainText(courseTitle);
    await pay.getByRole('button', { name: 'Pay' }).click();
    await expect(pay).toHaveCount(0);
    await expect(toastWith(page, 'Payment successful!')).toBeVisible();

    await lessonButton(page, LESSONS.upload).click();
    const video = player(page, LESSONS.upload).locator('video');
    await expect(video).toBeAttached();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);
  } finally {
    await context.close();
  }
});

test('edits to the published course wait in a draft until "Publish changes"; the learner then sees them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const revised = `${courseTitle} (revised)`;
  const courseId = new URL(courseUrl).pathname.split('/').pop() ?? '';
  const staff = await browser.newContext({ baseURL: product.baseUrl });
  const learning = await browser.newContext({ baseURL: product.baseUrl });
  try {
    const page = await staff.newPage();
    await signInWithStandIn(page, 'demo admin', product.baseUrl);
    await page.goto(courseUrl);
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByLabel('Title').fill(revised);
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Changes saved.')).toBeVisible();
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await expect(publishing).toContainText('Unpublished changes');
    await expectNoAxeViolations(page, 'course editor with unpublished changes');

    // The learner still sees the course as published.
    const learnerPage = await learning.newPage();
    await signInWithStandIn(learnerPage, learner, product.baseUrl);
    await learnerPage.goto(`${product.baseUrl}/course/${courseId}`);
    await expect(learnerPage.getByRole('heading', { level: 1, name: courseTitle, exact: true })).toBeVisible();

    // Staff preview the draft, and one lesson of it in the player.
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /Preview the changes as a learner/ }).click(),
    ]);
    await expect(preview.getByRole('heading', { level: 1, name: revised })).toBeVisible();
    await preview.close();
    // A paid lesson of the draft plays from its preview link: staff preview opens every lesson.
    await outline(page)
      .getByRole('button', { name: `Edit lesson ${LESSONS.upload}` })
      .click();
    const [lessonPreview] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog(page, `Lesson: ${LESSONS.upload}`)
        .getByRole('link', { name: /Preview this lesson as a learner/ })
        .click(),
    ]);
    await expect(player(lessonPreview, LESSONS.upload).locator('video')).toBeAttached();
    expect(new URL(lessonPreview.url()).pathname).toMatch(/^\/course\/draft-[0-9a-f]{12}$/);
    await lessonPreview.keyboard.press('Escape');
    await expect(lessonPreview.getByText(/^Staff preview:/).locator('..')).toContainText(
      'Learners see the paid ones locked until they enroll.',
    );
    await lessonPreview.close();
    await page.keyboard.press('Escape');

    await publishing.getByRole('button', { name: 'Publish changes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish changes' }).click();
    await expect(publishing).not.toContainText('Unpublished changes');

    // Public answers are kept for the catalogue cache's 5 s (decision 019): reloaded until the change shows.
    await expect(async () => {
      await learnerPage.reload();
      await expect(learnerPage.getByRole('heading', { level: 1, name: revised })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    // Still enrolled: the lesson bought before the change plays.
    await lessonButton(learnerPage, LESSONS.upload).click();
    await expect(player(learnerPage, LESSONS.upload).locator('video')).toBeAttached();
  } finally {
    await staff.close();
    await learning.close();
  }
});
