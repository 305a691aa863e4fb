import { describe, expect, it } from 'vitest';
import { DEMO_LOOP_END, DEMO_LOOP_START, demoLoopSeek } from './demo-loop';

describe('demoLoopSeek', () => {
  it('starts the loop at 35 s', () => {
    expect(demoLoopSeek(0, 95)).toBe(DEMO_LOOP_START);
    expect(demoLoopSeek(34.9, 95)).toBe(35);
  });
  it('keeps playing inside the loop', () => {
    expect(demoLoopSeek(35, 95)).toBeNull();
    expect(demoLoopSeek(79.9, 95)).toBeNull();
  });
  it('goes back to 35 s once past 80 s', () => {
    expect(demoLoopSeek(DEMO_LOOP_END, 95)).toBe(35);
    expect(demoLoopSeek(80.3, 95)).toBe(35);
  });
  it('loops within a video shorter than 80 s', () => {
    expect(demoLoopSeek(60, 60)).toBe(35);
    expect(demoLoopSeek(50, 60)).toBeNull();
    expect(demoLoopSeek(20, 30)).toBeNull();
    expect(demoLoopSeek(30, 30)).toBe(0);
  });
  it('uses the spec loop while the duration is unknown', () => {
    expect(demoLoopSeek(10, Number.NaN)).toBe(35);
    expect(demoLoopSeek(81, Number.POSITIVE_INFINITY)).toBe(35);
  });
});
