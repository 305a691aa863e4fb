import { describe, expect, it } from 'vitest';
import { bufferedEnd, clampTime, clampVolume, formatTime, seekBy, stepVolume } from './playback-math';

describe('volume', () => {
  it('steps by 0.1 and stays within 0 to 1', () => {
    expect(stepVolume(0.5, 1)).toBe(0.6);
    expect(stepVolume(0.95, 1)).toBe(1);
    expect(stepVolume(1, 1)).toBe(1);
    expect(stepVolume(0.05, -1)).toBe(0);
    expect(stepVolume(0, -1)).toBe(0);
    let v = 0;
    for (let i = 0; i < 10; i++) v = stepVolume(v, 1);
    expect(v).toBe(1);
  });

  it('clamps odd inputs', () => {
    expect(clampVolume(3)).toBe(1);
    expect(clampVolume(-2)).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(1);
  });
});

describe('seeking', () => {
  it('moves 10 s and stays within the video', () => {
    expect(seekBy(30, 1, 96)).toBe(40);
    expect(seekBy(30, -1, 96)).toBe(20);
    expect(seekBy(91, 1, 96)).toBe(96);
    expect(seekBy(4, -1, 96)).toBe(0);
  });

  it('does not clamp to an unknown duration', () => {
    expect(seekBy(30, 1, Number.NaN)).toBe(40);
    expect(clampTime(Number.NaN, 96)).toBe(0);
  });
});

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [750, '12:30'],
    [3723, '1:02:03'],
    [Number.NaN, '0:00'],
    [-3, '0:00'],
  ])('%s → %s', (input, output) => {
    expect(formatTime(input)).toBe(output);
  });
});

describe('bufferedEnd', () => {
  const ranges = (...r: Array<[number, number]>) => ({
    length: r.length,
    start: (i: number) => r[i]?.[0] ?? 0,
    end: (i: number) => r[i]?.[1] ?? 0,
  });
  it('finds the buffered range around the playhead', () => {
    expect(bufferedEnd(ranges([0, 20], [40, 60]), 10)).toBe(20);
    expect(bufferedEnd(ranges([0, 20], [40, 60]), 45)).toBe(60);
    expect(bufferedEnd(ranges([0, 20], [40, 60]), 30)).toBe(30);
    expect(bufferedEnd(ranges(), 5)).toBe(5);
  });
});
