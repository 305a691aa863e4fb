import { describe, expect, it } from 'vitest';
import { demoScrollTop } from './demo-scroll';

/** Positions are as getBoundingClientRect gives them (relative to the viewport), with the page at scrollY. */
describe('demoScrollTop', () => {
  const nav = 64;

  it('centres heading and video below the navigation when the whole block fits (1280 × 900)', () => {
    // Heading at 1400 px on the page, video 548 px tall starting 120 px below it: 668 px of 788 available.
    const top = demoScrollTop({
      scrollY: 0,
      viewportHeight: 900,
      navBottom: nav,
      headingTop: 1400,
      videoTop: 1520,
      videoBottom: 2068,
    });
    const headingOnScreen = 1400 - top;
    const videoBottomOnScreen = 2068 - top;
    expect(headingOnScreen).toBeGreaterThanOrEqual(nav + 16);
    expect(videoBottomOnScreen).toBeLessThanOrEqual(900 - 16);
    // Centred: the same space above and below.
    expect(Math.abs(headingOnScreen - (nav + 16) - (900 - 16 - videoBottomOnScreen))).toBeLessThanOrEqual(1);
  });

  it('counts from where the page already is', () => {
    const box = { viewportHeight: 900, navBottom: nav, headingTop: 400, videoTop: 520, videoBottom: 1068 };
    expect(demoScrollTop({ ...box, scrollY: 1000 })).toBe(demoScrollTop({ ...box, scrollY: 0 }) + 1000);
  });

  it('keeps the whole video in view when heading and video together are taller than the screen', () => {
    const top = demoScrollTop({
      scrollY: 0,
      viewportHeight: 700,
      navBottom: nav,
      headingTop: 1400,
      videoTop: 1520,
      videoBottom: 2068,
    });
    expect(1520 - top).toBeGreaterThanOrEqual(nav);
    expect(2068 - top).toBeLessThanOrEqual(700 - 16);
  });

  it('puts a video taller than the screen at the top, under the navigation', () => {
    const top = demoScrollTop({
      scrollY: 0,
      viewportHeight: 400,
      navBottom: nav,
      headingTop: 1400,
      videoTop: 1520,
      videoBottom: 2068,
    });
    expect(1520 - top).toBe(nav);
  });

  it('never scrolls above the top of the page', () => {
    expect(
      demoScrollTop({
        scrollY: 0,
        viewportHeight: 900,
        navBottom: nav,
        headingTop: 20,
        videoTop: 60,
        videoBottom: 200,
      }),
    ).toBe(0);
  });
});
