import { expect, type Page, type Request, test } from '@playwright/test';
import { signIn } from './support/auth.ts';
import { api, buyThroughApi, lessonButton, player, sidePanel, toastWith } from './support/course-page.ts';

/**
 * The lesson player on the course page with real videos (content/media) streamed through signed URLs, against
 * the product's own API: progress saves, watch events, resume, keyboard shortcuts and the spec's messages.
 * Every test signs in a learner of its own. Playback runs at 2x (the fastest speed the server credits) or seeks,
 * so the whole file takes well under a minute of video time.
 */

const COURSE = 'rag-from-scratch';
/** Free, 64 s (lesson-short.mp4). */
const SHORT = { id: 'rag-from-scratch-02', title: 'Loading and chunking documents' };
/** Free, 96 s (lesson-intro.mp4, with captions). */
const INTRO = { id: 'rag-from-scratch-01', title: 'Why RAG, and when not to use it' };

interface Progress {
  watchSeconds: number;
  completed: boolean;
}
interface WatchEvent {
  sessionId: string;
  eventType: 'play' | 'pause' | 'seek' | 'complete';
  positionSec: number;
}

/** Records the player's progress saves and event batches for one lesson, as the browser sends them. */
function recordCalls(page: Page, lessonId: string) {
  const progress: Progress[] = [];
  const batches: WatchEvent[][] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'PUT' && path === `/api/v1/lessons/${lessonId}/progress`) {
      progress.push(request.postDataJSON() as Progress);
    }
    if (request.method() === 'POST' && path === `/api/v1/lessons/${lessonId}/events`) {
      batches.push(JSON.parse(request.postData() ?? '[]') as WatchEvent[]);
    }
  });
  return { progress, batches };
}

/** The player's <video>, read in the page. */
const video = (page: Page) => page.getByRole('dialog').locator('video');
const videoState = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    paused: v.paused,
    volume: Math.round(v.volume * 10) / 10,
    muted: v.muted,
    rate: v.playbackRate,
    /** A seek is reported when it completes ('seeked'); a second seek before that would swallow the first. */
    seeking: v.seeking,
  }));

async function waitUntilPlaying(page: Page) {
  await expect.poll(async () => (await videoState(page)).paused, { message: 'the video plays' }).toBe(false);
}

/** Keyboard focus on the player itself (not a control), where the learner's keys go. */
const focusStage = (page: Page) => page.locator('[data-player-stage]').focus();

async function openLesson(page: Page, lesson: { id: string; title: string }) {
  const signed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/lessons/${lesson.id}/signed-url`));
  await lessonButton(page, lesson.title).click();
  await expect(player(page, lesson.title)).toBeVisible();
  const body = (await (await signed).json()) as { url: string; type: string; sessionId: string };
  await waitUntilPlaying(page);
  return body;
}

test('a direct lesson plays from a signed URL, saves progress at 10 s multiples, and resumes on any device', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const learner = await signIn(page);
  const calls = recordCalls(page, SHORT.id);
  await page.goto(`/course/${COURSE}`);
  const media = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/media/'));
  const signed = await openLesson(page, SHORT);
  await expect(page).toHaveURL(`/course/${COURSE}?lesson=${SHORT.id}`);

  // The video comes from a short-lived signed URL, streamed with HTTP Range.
  expect(signed.type).toBe('direct');
  expect(signed.url).toMatch(/^\/api\/v1\/media\/.+\?exp=\d+&sig=[\w-]+$/);
  expect(
    await video(page).evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname + new URL(v.currentSrc).search),
  ).toBe(signed.url);
  expect((await media).status()).toBe(206);
  const unsigned = await page.request.get(signed.url.split('?')[0] ?? '');
  expect(unsigned.status()).toBe(403);

  await page.getByLabel('Playback speed').selectOption('2');
  await focusStage(page);
  await expect.poll(() => calls.progress.map((p) => p.watchSeconds), { timeout: 20_000 }).toContain(20);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);

  // One save per multiple of 10 s reached, plus the 25% milestone (16 of 64 s); none completed.
  expect(calls.progress).toEqual([
    { watchSeconds: 10, completed: false },
    { watchSeconds: 16, completed: false },
    { watchSeconds: 20, completed: false },
  ]);
  const saved = await api<{ resumeSeconds: number }>(page, 'GET', `/lessons/${SHORT.id}`);
  expect(saved.resumeSeconds).toBe(20);

  // Closing the player removes ?lesson; opening the lesson again starts where the learner left off.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(`/course/${COURSE}`);
  await lessonButton(page, SHORT.title).click();
  await expect(player(page, SHORT.title)).toBeVisible();
  await expect.poll(async () => (await videoState(page)).time).toBeGreaterThanOrEqual(20);
  expect((await videoState(page)).time).toBeLessThan(26);
  // The speed is remembered for this learner.
  expect((await videoState(page)).rate).toBe(2);

  // Another device: the same learner signs in elsewhere and follows the lesson link.
  await page.keyboard.press('Space');
  const resumeAt = (await api<{ resumeSeconds: number }>(page, 'GET', `/lessons/${SHORT.id}`)).resumeSeconds;
  expect(resumeAt).toBeGreaterThanOrEqual(20);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await signIn(phone, { email: learner.email });
    await phone.goto(`/course/${COURSE}?lesson=${SHORT.id}`);
    await expect(player(phone, SHORT.title)).toBeVisible();
    await expect.poll(async () => (await videoState(phone)).time).toBeGreaterThanOrEqual(resumeAt);
  } finally {
    await other.close();
  }
});

test('keyboard shortcuts drive the player, are ignored in a text field, and events go in batches of 10 and at the end', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  const calls = recordCalls(page, INTRO.id);
  await page.goto(`/course/${COURSE}`);
  const { sessionId } = await openLesson(page, INTRO);
  await focusStage(page);

  const press = async (key: string, check: (s: Awaited<ReturnType<typeof videoState>>) => boolean) => {
    await page.keyboard.press(key);
    await expect.poll(async () => check(await videoState(page)), { message: `after ${key}` }).toBe(true);
  };
  // Space and k play and pause.
  await press('Space', (s) => s.paused);
  const at = (await videoState(page)).time;
  await press('k', (s) => !s.paused);
  // Arrows seek 10 s, clamped to the video.
  await press('ArrowRight', (s) => s.time >= at + 9.5 && !s.seeking);
  await press('ArrowLeft', (s) => s.time < at + 5 && !s.seeking);
  await press('ArrowLeft', (s) => s.time < 3 && !s.seeking);
  // Up and down change the volume by 0.1, clamped at 1.
  await press('ArrowUp', (s) => s.volume === 1);
  await press('ArrowDown', (s) => s.volume === 0.9);
  await press('ArrowDown', (s) => s.volume === 0.8);
  await press('ArrowUp', (s) => s.volume === 0.9);
  // m mutes and unmutes.
  await press('m', (s) => s.muted);
  await press('m', (s) => !s.muted);
  // f: full screen on and off.
  await page.keyboard.press('f');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label')))
    .toBe('Video player');
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  // play, pause, play, seek, seek, seek: six events, still queued.
  expect(calls.batches).toEqual([]);
  const before = await videoState(page);
  // Typing in a text field inside the player: the keys are text, not shortcuts.
  await page.getByRole('dialog').evaluate((dialog) => {
    const field = document.createElement('input');
    field.type = 'text';
    field.setAttribute('aria-label', 'Notes');
    dialog.append(field);
  });
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await notes.focus();
  await page.keyboard.type('k m f ');
  await page.keyboard.press('ArrowRight');
  await expect(notes).toHaveValue('k m f ');
  const after = await videoState(page);
  expect(after.paused).toBe(before.paused);
  expect(after.muted).toBe(false);
  expect(after.time - before.time).toBeLessThan(5);
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await notes.evaluate((field) => field.remove());

  // Four more events make ten: the batch goes at once (not after 30 s).
  await focusStage(page);
  await press('Space', (s) => s.paused);
  await press('Space', (s) => !s.paused);
  const t = (await videoState(page)).time;
  await press('ArrowRight', (s) => s.time >= t + 9.5 && !s.seeking);
  await press('ArrowRight', (s) => s.time >= t + 19.5 && !s.seeking);
  await expect.poll(() => calls.batches.length).toBe(1);
  expect(calls.batches[0]?.map((e) => e.eventType)).toEqual([
    'play',
    'pause',
    'play',
    'seek',
    'seek',
    'seek',
    'pause',
    'play',
    'seek',
    'seek',
  ]);
  expect(calls.batches[0]?.every((e) => e.sessionId === sessionId)).toBe(true);

  // The end: the completion is saved and the queued events go immediately, 'complete' last.
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 1;
  });
  await expect.poll(() => calls.batches.length).toBe(2);
  expect(calls.batches[1]?.map((e) => e.eventType)).toEqual(['seek', 'complete']);
  expect(calls.batches[1]?.[1]?.positionSec).toBe(96);
  await expect.poll(() => calls.progress.at(-1)).toEqual({ watchSeconds: 96, completed: true });
});

test("the spec's messages: enrollment required, no video, no free lesson, and a locked lesson link", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/course/${COURSE}`);
  await lessonButton(page, 'Embeddings in practice').click();
  await expect(toastWith(page, 'Enrollment required')).toContainText(
    'Please enroll in the course to access this lesson.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The same through a link: the message, and the parameter is dropped.
  await page.goto(`/course/${COURSE}?lesson=rag-from-scratch-03`);
  await expect(toastWith(page, 'Enrollment required')).toContainText(
    'Please enroll in the course to access this lesson.',
  );
  await expect(page).toHaveURL(`/course/${COURSE}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/course/llmops-deployment');
  await sidePanel(page).getByRole('button', { name: 'Start Free Lesson' }).click();
  await expect(toastWith(page, 'No free lesson available')).toContainText(
    "This course doesn't have a free preview lesson.",
  );

  // Enrolled in a course whose workshop has no video yet.
  await buyThroughApi(page, 'llm-evaluation', 'llm-evaluation-weekly');
  await page.goto('/course/llm-evaluation');
  await expect(sidePanel(page).getByTestId('enrollment-status')).toContainText('Active Access');
  await lessonButton(page, 'Workshop: auditing a real eval suite').click();
  await expect(toastWith(page, 'No video available')).toContainText("This lesson doesn't have a video yet.");
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
