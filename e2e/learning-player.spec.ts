import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y.ts';
import { signIn } from './support/auth.ts';
import { lessonButton, player, toastWith } from './support/course-page.ts';

/**
 * The lesson player on phones and tablets (issue 15, a learner's first hour): a control bar that reflows into
 * a settings menu, captions above the controls, the player's own error state with Retry for YouTube and
 * direct lessons, Escape in full screen, and the completion popup's tier buttons on narrow screens.
 */

const COURSE = 'rag-from-scratch';
/** Free, 96 s, with English captions (a cue from 10 s to 20 s). */
const INTRO = { id: 'rag-from-scratch-01', title: 'Why RAG, and when not to use it' };
/** Free, 64 s; the course's later lessons are paid, so its end offers the upgrade. */
const SHORT = { id: 'rag-from-scratch-02', title: 'Loading and chunking documents' };
/** A free YouTube lesson. */
const YOUTUBE = { course: 'prompt-engineering', title: 'Large language models in one hour' };
const CUE = "In this lesson we'll look at what you will build,";

type Box = { x: number; y: number; width: number; height: number };

const section = (lesson: Locator) => lesson.getByRole('region', { name: 'Video player' });
const controlBar = (lesson: Locator) => lesson.getByRole('group', { name: 'Video controls' });

async function setTheme(page: Page, theme: 'dark' | 'light') {
  const origin = new URL(page.url()).origin;
  const res = await page.request.put('/api/v1/users/me/settings', { headers: { origin }, data: { theme } });
  expect(res.status()).toBe(200);
}

async function openIntroPaused(page: Page) {
  await page.goto(`/course/${COURSE}`);
  await lessonButton(page, INTRO.title).click();
  const lesson = player(page, INTRO.title);
  await expect(lesson.locator('[data-status="playing"]')).toBeVisible();
  // Paused in the middle of a caption: the controls stay up while paused.
  await lesson.locator('video').evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 12;
  });
  await expect(lesson.locator('[data-status="paused"]')).toBeVisible();
  return lesson;
}

/** Every visible control inside an element, with its name and box. */
async function visibleControls(scope: Locator) {
  const all = scope.locator(
    'button, input, select, [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]',
  );
  const found: Array<{ name: string; box: Box; element: Locator }> = [];
  for (const element of await all.all()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    if (!box) continue;
    const name =
      (await element.getAttribute('aria-label')) || ((await element.textContent()) ?? '').trim() || '(unnamed)';
    found.push({ name, box, element });
  }
  return found;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Each control lies inside the viewport, is the element a tap at its centre reaches, and overlaps no other. */
async function expectFitAndReachable(page: Page, controls: Awaited<ReturnType<typeof visibleControls>>, what: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  for (const { name, box, element } of controls) {
    expect(box.x, `${what}: ${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${what}: ${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: ${name} ends inside the viewport`).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(box.y + box.height, `${what}: ${name} ends inside the viewport`).toBeLessThanOrEqual(viewport.height + 0.5);
    const reached = await element.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && (hit === el || el.contains(hit));
    });
    expect(reached, `${what}: a tap on ${name} reaches it`).toBe(true);
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const [a, b] = [controls[i], controls[j]];
      if (!a || !b) continue;
      expect(overlaps(a.box, b.box), `${what}: ${a.name} and ${b.name} do not overlap`).toBe(false);
    }
  }
}

for (const theme of ['dark', 'light'] as const) {
  test(`the control bar fits 320, 375, 414 and 768 px: every control visible, reachable, apart, captions above it (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page);
    await setTheme(page, theme);

    for (const width of [320, 375, 414, 768]) {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 1024 });
      const lesson = await openIntroPaused(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      const video = section(lesson);
      const what = `${width} px, ${theme}`;

      // The video spans the phone's width: no dialog padding around it.
      if (width < 768) {
        const box = await video.boundingBox();
        expect(box?.x, `${what}: the video starts at the left edge`).toBe(0);
        expect(box?.width, `${what}: the video is as wide as the screen`).toBe(width);
      }

      // Every control on the video (the bar, and the big play button while paused).
      const inBar = await visibleControls(video);
      const names = inBar.map((c) => c.name);
      for (const always of ['Play', 'Mute', 'Seek', 'Full screen']) {
        expect(names, `${what}: ${always} is in the bar`).toContain(always);
      }
      await expectFitAndReachable(page, inBar, what);

      const bar = controlBar(lesson);
      await expect(bar).toBeVisible();
      const settings = bar.getByRole('button', { name: 'Settings' });
      if (width < 768) {
        // Narrow: the secondary controls live in the settings menu.
        expect(names, `${what}: the speed is in the menu, not the bar`).not.toContain('Playback speed');
        await settings.click();
        const menu = page.getByRole('menu', { name: 'Settings' });
        await expect(menu).toBeVisible();
        await expect(menu.getByRole('group', { name: 'Playback speed' }).getByRole('menuitemradio')).toHaveText([
          '0.5x',
          '0.75x',
          '1x',
          '1.25x',
          '1.5x',
          '1.75x',
          '2x',
        ]);
        await expect(menu.getByRole('menuitemcheckbox', { name: 'Captions' })).toBeVisible();
        await expect(menu.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeVisible();
        await expectFitAndReachable(page, await visibleControls(menu), `${what}, settings menu`);
        if (width === 375) await expectNoAxeViolations(page, `settings menu (${what})`);
        await menu.getByRole('menuitemcheckbox', { name: 'Captions' }).click();
        await expect(menu).toHaveCount(0);
      } else {
        // Wide enough: everything in the bar, no menu.
        for (const inline of ['Playback speed', 'Captions', 'Keyboard shortcuts']) {
          expect(names, `${what}: ${inline} is in the bar`).toContain(inline);
        }
        await expect(settings).toBeHidden();
        await bar.getByRole('button', { name: 'Captions' }).click();
      }

      // Captions are drawn by the player, above the control bar.
      const captions = lesson.locator('[data-player-captions]');
      await expect(captions).toContainText(CUE);
      const captionBox = await captions.boundingBox();
      const tops = (await visibleControls(bar)).map((c) => c.box.y);
      expect(captionBox, `${what}: captions on screen`).not.toBeNull();
      if (captionBox) {
        expect(captionBox.y + captionBox.height, `${what}: captions end above the controls`).toBeLessThanOrEqual(
          Math.min(...tops),
        );
        expect(captionBox.x).toBeGreaterThanOrEqual(0);
        expect(captionBox.x + captionBox.width).toBeLessThanOrEqual(width);
      }
      // The captions never cover a control: each one is on top at its centre, even if captions took taps.
      const covered = await video.evaluate((player) => {
        const captionsBox = player.querySelector<HTMLElement>('[data-player-captions]');
        const parts = captionsBox ? [captionsBox, ...captionsBox.querySelectorAll<HTMLElement>('*')] : [];
        for (const part of parts) part.style.pointerEvents = 'auto';
        const hidden = [...player.querySelectorAll<HTMLElement>('button, input, select')]
          .filter((control) => control.checkVisibility())
          .filter((control) => {
            const r = control.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !(hit && (hit === control || control.contains(hit)));
          })
          .map((control) => control.getAttribute('aria-label'));
        for (const part of parts) part.style.pointerEvents = '';
        return hidden;
      });
      expect(covered, `${what}: controls under the captions`).toEqual([]);
      if (width === 375) await expectNoAxeViolations(page, `player with captions (${what})`);

      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
}

test('the settings menu works from the keyboard and keeps the lesson open on Escape', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  const lesson = await openIntroPaused(page);
  const video = lesson.locator('video');
  const settings = controlBar(lesson).getByRole('button', { name: 'Settings' });

  await settings.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Settings' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: '0.5x' })).toBeFocused();
  // Arrow keys move through the menu; they are not the player's seek and volume shortcuts here.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: '1.5x' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(settings).toBeFocused();
  expect(await video.evaluate((v: HTMLVideoElement) => [v.playbackRate, v.volume, v.currentTime])).toEqual([
    1.5, 1, 12,
  ]);

  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitemradio', { name: '1.5x' })).toHaveAttribute('aria-checked', 'true');
  // Escape closes the menu, not the lesson.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(lesson).toBeVisible();
  await expect(settings).toBeFocused();

  // The shortcuts overlay from the menu; closing it comes back to the settings button.
  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Keyboard shortcuts' }).focus();
  await page.keyboard.press('Enter');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(lesson).toBeVisible();
  await expect(settings).toBeFocused();

  // In full screen the menu opens inside the player (the only part of the page on screen then).
  const fullscreenLabel = () => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label') ?? null);
  await controlBar(lesson).getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(fullscreenLabel).toBe('Video player');
  await settings.click();
  await expect(menu).toBeVisible();
  await expectFitAndReachable(page, await visibleControls(menu), 'settings menu in full screen');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  expect(await fullscreenLabel()).toBe('Video player');
  await expect(lesson).toBeVisible();
});

test('Escape in full screen leaves full screen only; the next Escape closes the lesson', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const lesson = await openIntroPaused(page);
  const fullscreenLabel = () => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label') ?? null);

  await page.locator('[data-player-stage]').focus();
  await page.keyboard.press('f');
  await expect.poll(fullscreenLabel).toBe('Video player');
  await page.keyboard.press('Escape');
  await expect.poll(fullscreenLabel).toBeNull();
  await expect(lesson).toBeVisible();
  await expect(section(lesson).getByRole('button', { name: 'Full screen' })).toBeVisible();

  // The button too, then Escape: still only full screen.
  await section(lesson).getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(fullscreenLabel).toBe('Video player');
  await page.keyboard.press('Escape');
  await expect.poll(fullscreenLabel).toBeNull();
  await expect(lesson).toBeVisible();

  // Out of full screen, Escape closes the lesson as the spec says.
  await page.waitForTimeout(600);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the completion popup's tier buttons wrap long titles inside themselves on narrow screens", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/course/${COURSE}`);
  await lessonButton(page, SHORT.title).click();
  const lesson = player(page, SHORT.title);
  await expect(lesson.locator('[data-status="playing"]')).toBeVisible();
  await lesson.locator('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 1;
  });
  const popup = page.getByRole('dialog', { name: "You've finished the free lesson!" });
  await expect(popup).toBeVisible();
  const choose = popup.getByRole('button', { name: /^Choose / });
  await expect(choose).toHaveText(['Choose Weekly Access', 'Choose Lifetime Access']);

  for (const width of [320, 375, 414, 640, 700]) {
    await page.setViewportSize({ width, height: 740 });
    for (const button of await choose.all()) {
      const fit = await button.evaluate((el) => {
        const card = el.closest('li')?.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        return {
          label: el.textContent,
          clipped: el.scrollWidth > el.clientWidth,
          textInside: text.left >= own.left - 0.5 && text.right <= own.right + 0.5,
          inCard: card ? own.left >= card.left && own.right <= card.right : false,
          inViewport: own.left >= 0 && own.right <= window.innerWidth,
        };
      });
      expect(fit, `${width} px`).toEqual({
        label: fit.label,
        clipped: false,
        textInside: true,
        inCard: true,
        inViewport: true,
      });
    }
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoAxeViolations(page, 'completion popup at 375 px');
});

test("a YouTube lesson that cannot load shows the player's error with Retry, and Retry loads it once it can", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  // No way to YouTube (offline, or blocked by a network).
  await page.route('https://www.youtube.com/embed/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`/course/${YOUTUBE.course}`);
  await lessonButton(page, YOUTUBE.title).click();
  const lesson = player(page, YOUTUBE.title);
  await expect(lesson).toBeVisible();

  const failure = lesson.getByRole('alert');
  await expect(failure).toContainText('Failed to load video', { timeout: 20_000 });
  await expect(failure).toContainText("YouTube's player could not be reached");
  await expect(toastWith(page, 'Video Error')).toBeVisible();
  // The product's own state, not the browser's error page in a frame.
  await expect(lesson.locator('iframe')).toHaveCount(0);
  const retry = failure.getByRole('button', { name: 'Retry' });
  await expectFitAndReachable(page, await visibleControls(failure), 'YouTube error');
  await expectNoAxeViolations(page, 'YouTube error state');

  // Back online: YouTube's embed answers (a stand-in speaking its postMessage protocol; no internet here).
  await page.unroute('https://www.youtube.com/embed/**');
  await page.route('https://www.youtube.com/embed/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: FAKE_YOUTUBE_EMBED }),
  );
  await retry.click();
  await expect(failure).toHaveCount(0);
  await expect(lesson.frameLocator('iframe').getByText('Stand-in YouTube player')).toBeVisible();
  await expect(lesson.locator('[data-youtube-status="ready"]')).toBeVisible();
  // It stays loaded: no late error once it has answered.
  await page.waitForTimeout(1_000);
  await expect(lesson.getByRole('alert')).toHaveCount(0);
});

test("a direct lesson whose video cannot load shows the player's error with Retry, and Retry plays it once it can", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  const media = '**/api/v1/media/lesson-short.mp4?**';
  await page.route(media, (route) => route.abort('internetdisconnected'));
  await page.goto(`/course/${COURSE}`);
  await lessonButton(page, SHORT.title).click();
  const lesson = player(page, SHORT.title);
  await expect(lesson).toBeVisible();

  const failure = lesson.getByRole('alert');
  await expect(failure).toContainText('Failed to load video');
  await expect(toastWith(page, 'Video Error')).toBeVisible();
  await expectFitAndReachable(page, await visibleControls(failure), 'direct video error');
  await expectNoAxeViolations(page, 'direct video error state');

  await page.unroute(media);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect.poll(() => lesson.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

/** Answers the player's 'listening' handshake the way YouTube's embed does, then reports a cued video. */
const FAKE_YOUTUBE_EMBED = `<!doctype html><html lang="en"><title>YouTube</title>
<body style="background:#000;color:#fff;font:16px sans-serif"><p>Stand-in YouTube player</p>
<script>
addEventListener('message', (event) => {
  let message;
  try { message = JSON.parse(event.data); } catch { return; }
  if (message.event !== 'listening') return;
  parent.postMessage(JSON.stringify({ event: 'onReady', info: null }), '*');
  parent.postMessage(JSON.stringify({ event: 'initialDelivery', info: { currentTime: 0, duration: 3588, playerState: 5 } }), '*');
});
</script></body></html>`;
