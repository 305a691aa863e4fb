import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';
import { lessonButton, player } from './support/course-page.ts';

/**
 * Notes and bookmarks in the player (issue 18): N pauses the video and opens a note at the current second, the
 * note is kept on the server, its time plays the video from there, and the course page lists the learner's notes
 * by lesson, each opening its lesson at its second. Beside the video on a wide screen, below it on a phone.
 */

const COURSE = 'rag-from-scratch';
/** Free, 96 s. */
const INTRO = { id: 'rag-from-scratch-01', title: 'Why RAG, and when not to use it' };

const videoOf = (page: Page) => page.getByRole('dialog').locator('video');
const state = (page: Page) =>
  videoOf(page).evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused }));

async function openIntroAt(page: Page, seconds: number) {
  await lessonButton(page, INTRO.title).click();
  const lesson = player(page, INTRO.title);
  await expect(lesson.locator('[data-status="playing"]')).toBeVisible();
  await videoOf(page).evaluate((v: HTMLVideoElement, at: number) => {
    v.currentTime = at;
  }, seconds);
  await expect.poll(async () => Math.floor((await state(page)).time)).toBeGreaterThanOrEqual(seconds);
  return lesson;
}

test('N writes a note at the current second, a bookmark marks one, both are kept, and each plays from there', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto(`/course/${COURSE}`);
  // No notes yet: the course page shows no such section.
  await expect(page.getByRole('heading', { name: /^Lessons/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Your notes/ })).toHaveCount(0);

  const lesson = await openIntroAt(page, 20);
  const panel = lesson.getByRole('region', { name: /^Your notes/ });
  await expect(panel).toBeVisible();
  // Beside the video on a wide screen.
  const videoBox = await lesson.getByRole('region', { name: 'Video player' }).boundingBox();
  const panelBox = await panel.boundingBox();
  expect(panelBox && videoBox && panelBox.x >= videoBox.x + videoBox.width).toBe(true);

  await page.locator('[data-player-stage]').focus();
  await page.keyboard.press('n');
  const field = panel.getByRole('textbox', { name: /^Note at 0:2\d$/ });
  await expect(field).toBeFocused();
  await expect.poll(async () => (await state(page)).paused).toBe(true);
  // Keys the player would take (Space, K, F, M, the arrows) are only letters here.
  await page.keyboard.type('Keep chunks small: 512 tokens, fine.');
  await page.keyboard.press('ArrowLeft');
  expect((await state(page)).paused).toBe(true);
  await expectNoAxeViolations(page, 'the player with a note being written');
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByText('Keep chunks small: 512 tokens, fine.')).toBeVisible();
  // It was playing, so it plays on.
  await expect.poll(async () => (await state(page)).paused).toBe(false);

  await videoOf(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 70;
  });
  await expect.poll(async () => Math.floor((await state(page)).time)).toBeGreaterThanOrEqual(70);
  await panel.getByRole('button', { name: 'Bookmark', exact: true }).click();
  const bookmark = panel.getByRole('button', { name: /^Bookmark: play from 1:1\d$/ });
  await expect(bookmark).toBeVisible();
  await expectNoAxeViolations(page, 'the player with notes');

  // A note's time plays the video from that second.
  await panel.getByRole('button', { name: /^Note: play from 0:2\d$/ }).click();
  await expect.poll(async () => Math.round((await state(page)).time)).toBeLessThan(30);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Kept on the server: after a reload the course page lists them under the lesson.
  await page.reload();
  const yours = page.getByRole('region', { name: 'Your notes (2)' });
  await expect(yours).toBeVisible();
  await expect(yours.getByRole('heading', { name: `1. ${INTRO.title}` })).toBeVisible();
  await expectNoAxeViolations(page, 'the course page with notes');
  await yours.getByRole('button', { name: /^Bookmark at 1:1\d/ }).click();
  await expect(player(page, INTRO.title).locator('[data-status="playing"]')).toBeVisible();
  expect((await state(page)).time).toBeGreaterThanOrEqual(69);
});

test('on a phone the notes sit below the full-width video, and a note is edited and deleted there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  await page.goto(`/course/${COURSE}`);
  const lesson = await openIntroAt(page, 5);
  const video = await lesson.getByRole('region', { name: 'Video player' }).boundingBox();
  expect(video?.x).toBe(0);
  expect(video?.width).toBe(375);
  const panel = lesson.getByRole('region', { name: /^Your notes/ });
  const box = await panel.boundingBox();
  expect(box && video && box.y >= video.y + video.height).toBe(true);

  await panel.getByRole('button', { name: 'Add note' }).click();
  await panel.getByRole('textbox', { name: /^Note at / }).fill('First draft');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('First draft')).toBeVisible();

  await panel.getByRole('button', { name: /^Edit the note at / }).click();
  const edit = panel.getByRole('textbox', { name: /^Edit the note at / });
  await edit.fill('Second draft');
  await edit.press('Control+Enter');
  await expect(panel.getByText('Second draft')).toBeVisible();

  await panel.getByRole('button', { name: /^Delete the note at / }).click();
  await panel.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(panel.getByText('Second draft')).toHaveCount(0);
  await expect(panel.getByText(/Nothing here yet/)).toBeVisible();
  await expectNoAxeViolations(page, 'the player on a phone');
});
