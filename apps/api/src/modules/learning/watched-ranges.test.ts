import { describe, expect, it } from 'vitest';
import {
  CREDIT_TOLERANCE_SECONDS,
  creditedRange,
  isHonestlyComplete,
  MAX_CREDITED_GAP_SECONDS,
  mergeRange,
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
