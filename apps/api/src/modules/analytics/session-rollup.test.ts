import { describe, expect, it } from 'vitest';
import { applyEvent, newSecondCounts, newSession, reachStep, secondTotals, seenStep } from './session-rollup.ts';

describe('a session as the drop-off chart counts it', () => {
  it('puts a position on its 5% step exactly, whatever the float the database kept', () => {
    // 14.4 s of 96 s is exactly 15%; as a PostgreSQL real it is 14.3999996…
    expect(reachStep(Math.fround(14.4), 96)).toBe(3);
    expect(reachStep(14.39, 96)).toBe(2);
    expect(reachStep(96, 96)).toBe(20);
    expect(reachStep(500, 96)).toBe(20);
    expect(seenStep(96, 96)).toBe(19);
    expect(reachStep(0, 96)).toBe(0);
  });

  it('reaches only what was played: a seek lands without watching, a complete reaches the end', () => {
    const counts = newSecondCounts(96);
    const session = newSession();
    applyEvent(session, 'seek', 80, 96, counts);
    expect(session).toMatchObject({ viewer: false, reachBucket: -1 });
    expect(applyEvent(session, 'play', 10, 96, counts)).toBe(true);
    applyEvent(session, 'seek', 70, 96, counts);
    applyEvent(session, 'pause', 72, 96, counts);
    // 72 s reached by playing from 70 s; 10–70 s not credited (where the seek left from is unknown).
    expect(session).toMatchObject({ viewer: true, reachBucket: 15, lastBucket: 15, playingFrom: null });
    expect(secondTotals(counts)).toEqual([
      [70, 1, 0],
      [71, 1, 0],
    ]);
    applyEvent(session, 'play', 71, 96, counts);
    applyEvent(session, 'complete', 96, 96, counts);
    expect(session).toMatchObject({ reachBucket: 20, lastBucket: 20, watched: [[70, 96]] });
    // Second 71 watched again: a rewatch.
    expect(secondTotals(counts).slice(0, 3)).toEqual([
      [70, 1, 0],
      [71, 1, 1],
      [72, 1, 0],
    ]);
  });
});
