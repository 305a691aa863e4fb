import { describe, expect, it } from 'vitest';
import { averagePercent, formatLearningTime, progressPercent } from './learning-time.ts';

describe('formatLearningTime', () => {
  it.each([
    [0, '0m'],
    [0.9, '0m'],
    [1, '< 1m'],
    [59, '< 1m'],
    [59.9, '< 1m'],
    [60, '1m'],
    [45 * 60 + 59, '45m'],
    [3600, '1h 0m'],
    [3 * 3600 + 20 * 60 + 5, '3h 20m'],
    [125 * 3600, '125h 0m'],
    [-5, '0m'],
    [Number.NaN, '0m'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatLearningTime(seconds)).toBe(text);
  });
});

describe('progressPercent', () => {
  it('rounds completed over total to a whole percent', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13);
    expect(progressPercent(6, 6)).toBe(100);
  });
  it('is 0 for a course without lessons and never leaves 0..100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(7, 6)).toBe(100);
  });
});

describe('averagePercent', () => {
  it('is the rounded mean, 0 for none', () => {
    expect(averagePercent([])).toBe(0);
    expect(averagePercent([33, 22])).toBe(28);
    expect(averagePercent([100, 0, 0])).toBe(33);
  });
});
