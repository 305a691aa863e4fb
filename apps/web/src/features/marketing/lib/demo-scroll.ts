/** Space kept between the demo and the edges of what the visitor sees. */
const DEMO_SCROLL_MARGIN = 16;

/**
 * Where to scroll so the demo section (its heading down to the video) is in view below the sticky navigation:
 * the whole block centred when it fits; otherwise the whole video, with as much of the heading as fits above.
 */
export function demoScrollTop(box: {
  scrollY: number;
  viewportHeight: number;
  navBottom: number;
  headingTop: number;
  videoTop: number;
  videoBottom: number;
}): number {
  const visibleTop = box.navBottom + DEMO_SCROLL_MARGIN;
  const visibleHeight = box.viewportHeight - DEMO_SCROLL_MARGIN - visibleTop;
  const block = box.videoBottom - box.headingTop;
  let offset: number;
  if (block <= visibleHeight) offset = box.headingTop - visibleTop - (visibleHeight - block) / 2;
  else if (box.videoBottom - box.videoTop <= visibleHeight) offset = box.videoBottom - (visibleTop + visibleHeight);
  else offset = box.videoTop - box.navBottom;
  return Math.max(0, Math.round(box.scrollY + offset));
}
