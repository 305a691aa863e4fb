import { describe, expect, it } from 'vitest';
import {
  CREDIT_TOLERANCE_SECONDS,
  creditedRange,
  creditedStep,
  isHonestlyComplete,
  MAX_CREDITED_GAP_SECONDS,
  mergeRange,
  PACE_SLACK_CAP_SECONDS,
  totalSeconds,
} from './watched-ranges.ts';

const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1) + seconds * 1000);

describe('creditedRange', () => {
  it('credits the seconds played between two reports at normal speed', () => {
    expect(creditedRange({ position: 10, at: at(0) }, { position: 20, at: at(10) })).toEqual([10, 20]);
  });

  it('credits playback at up to 2x speed, with a little tolerance for rounding and jitter', () => {
    expect(creditedRange({ position: 10, at: at(0) }, { position: 20, at: at(5) })).toEqual([10, 20]);
    const fastest = (10 - CREDIT_TOLERANCE_SECONDS) / 2;
    expect(creditedRange({ position: 10, at: at(0) }, { position: 20, at: at(fastest) })).toEqual([10, 20]);
    expect(creditedRange({ position: 10, at: at(0) }, { position: 20, at: at(fastest - 0.5) })).toBeNull();
  });

  it('credits nothing for a jump to the end, however long ago the previous report was', () => {
    expect(creditedRange({ position: 0, at: at(0) }, { position: 96, at: at(1) })).toBeNull();
    expect(creditedRange({ position: 10, at: at(0) }, { position: 96, at: at(3600) })).toBeNull();
    expect(
      creditedRange({ position: 10, at: at(0) }, { position: 10 + MAX_CREDITED_GAP_SECONDS + 1, at: at(60) }),
    ).toBeNull();
  });

  it('credits nothing when moving back, standing still, or without a previous report', () => {
    expect(creditedRange({ position: 50, at: at(0) }, { position: 20, at: at(10) })).toBeNull();
    expect(creditedRange({ position: 50, at: at(0) }, { position: 50, at: at(10) })).toBeNull();
    expect(creditedRange(null, { position: 10, at: at(10) })).toBeNull();
  });

  it('treats a report that arrives before the previous one (clock skew) as no time elapsed', () => {
    expect(creditedRange({ position: 10, at: at(10) }, { position: 20, at: at(0) })).toBeNull();
  });
});

describe('creditedStep: pace carried from one report to the next', () => {
  /** Reports at 2x speed, each 10 s of the lesson, arriving at the given wall-clock seconds; what each credits. */
  const run = (arrivals: number[]) => {
    let previous = { position: 0, at: at(0) };
    let slack = 0;
    return arrivals.map((second, i) => {
      const current = { position: (i + 1) * 10, at: at(second) };
      const step = creditedStep(previous, current, slack);
      previous = current;
      slack = step.slack;
      return step.range;
    });
  };

  it('credits the report after a late one, which the pair rule alone refused', () => {
    // On time at 5 s, late at 12.5 s (due at 10), on time at 15 s: 10 lesson seconds in 2.5 s of wall clock.
    expect(creditedRange({ position: 20, at: at(12.5) }, { position: 30, at: at(15) })).toBeNull();
    expect(run([5, 12.5, 15])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
    ]);
  });

  it('keeps the 2x bound over a run: a late report cannot make room for playback faster than that', () => {
    // Steady 2x (every 5 s) leaves nothing to carry; 10 s of the lesson in 2 s is then refused.
    expect(run([5, 10, 15, 17])).toEqual([[0, 10], [10, 20], [20, 30], null]);
    expect(creditedStep({ position: 0, at: at(0) }, { position: 10, at: at(5) }, 0).slack).toBe(0);
  });

  it('carries at most one save interval, however long the learner paused', () => {
    const paused = creditedStep({ position: 10, at: at(0) }, { position: 20, at: at(600) }, 0);
    expect(paused).toEqual({ range: [10, 20], slack: PACE_SLACK_CAP_SECONDS });
    // Then reports every half second: the carried pace covers one more, not the next.
    const next = creditedStep({ position: 20, at: at(600) }, { position: 30, at: at(600.5) }, paused.slack);
    expect(next.range).toEqual([20, 30]);
    expect(creditedStep({ position: 30, at: at(600.5) }, { position: 40, at: at(601) }, next.slack).range).toBeNull();
  });

  it('ends the run at a seek or a rewind: nothing is carried past either', () => {
    expect(creditedStep({ position: 10, at: at(0) }, { position: 60, at: at(30) }, 5)).toEqual({
      range: null,
      slack: 0,
    });
    expect(creditedStep({ position: 60, at: at(0) }, { position: 20, at: at(30) }, 5)).toEqual({
      range: null,
      slack: 0,
    });
    // Standing still keeps it (a milestone saved at the same second as the last multiple of 10).
    expect(creditedStep({ position: 20, at: at(0) }, { position: 20, at: at(1) }, 5)).toEqual({
      range: null,
      slack: 7,
    });
  });

  it('ignores a carried value out of range (the column is only ever written by this rule)', () => {
    expect(creditedStep({ position: 0, at: at(0) }, { position: 10, at: at(0) }, 1e9).range).toEqual([0, 10]);
    expect(creditedStep({ position: 0, at: at(0) }, { position: 10, at: at(0) }, -50).range).toBeNull();
    expect(creditedStep({ position: 0, at: at(0) }, { position: 10, at: at(0) }, Number.NaN).range).toBeNull();
  });
});

describe('mergeRange', () => {
  it('merges overlapping and touching ranges and keeps them sorted', () => {
    let ranges = mergeRange([], [20, 30], 100);
    ranges = mergeRange(ranges, [0, 10], 100);
    ranges = mergeRange(ranges, [10, 20], 100);
    expect(ranges).toEqual([[0, 30]]);
    ranges = mergeRange(ranges, [50, 60], 100);
    ranges = mergeRange(ranges, [25, 55], 100);
    expect(ranges).toEqual([[0, 60]]);
  });

  it('counts seconds watched twice once', () => {
    const once = mergeRange([], [0, 40], 100);
    const twice = mergeRange(mergeRange(once, [10, 30], 100), [0, 40], 100);
    expect(totalSeconds(twice)).toBe(40);
  });

  it('clips to the lesson and drops malformed stored entries', () => {
    const stored = [[-5, 3], 'x', [7], [90, 120], [NaN, 4]] as unknown as Array<[number, number]>;
    expect(mergeRange(stored, [50, 40], 96)).toEqual([
      [0, 3],
      [90, 96],
    ]);
  });
});

describe('isHonestlyComplete', () => {
  it('needs 90% of the seconds', () => {
    expect(isHonestlyComplete(86, 96)).toBe(false);
    expect(isHonestlyComplete(87, 96)).toBe(true);
    expect(isHonestlyComplete(90, 100)).toBe(true);
    expect(isHonestlyComplete(0, 0)).toBe(false);
  });
});
