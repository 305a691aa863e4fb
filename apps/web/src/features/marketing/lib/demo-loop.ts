/** Spec section 9: the home demo video loops between 35 s and 80 s. */
export const DEMO_LOOP_START = 35;
export const DEMO_LOOP_END = 80;

/**
 * Where the demo should jump to at `currentTime`, or null to keep playing: back to the loop start once past
 * the loop end (or past the end of a video shorter than that), and forward to it when before it.
 */
export function demoLoopSeek(currentTime: number, duration: number): number | null {
  const end = Number.isFinite(duration) && duration > 0 ? Math.min(DEMO_LOOP_END, duration) : DEMO_LOOP_END;
  // A video too short for the loop simply loops from its beginning.
  const start = end > DEMO_LOOP_START ? DEMO_LOOP_START : 0;
  if (currentTime >= end || currentTime < start) return start;
  return null;
}
