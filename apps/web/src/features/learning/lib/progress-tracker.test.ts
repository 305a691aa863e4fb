import { describe, expect, it } from 'vitest';
import { createProgressTracker } from './progress-tracker';

/** Time updates every 0.25 s from `from` to `to`, collecting the saves and milestones. */
function playThrough(tracker: ReturnType<typeof createProgressTracker>, from: number, to: number, duration = 96) {
  const saves: number[] = [];
  const milestones: number[] = [];
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    const step = tracker.onTime(t, duration);
    if (step.save !== null) saves.push(step.save);
    if (step.milestone !== null) milestones.push(step.milestone);
  }
  return { saves, milestones };
}

describe('createProgressTracker', () => {
  it('saves once per multiple of 10 s and at every 25% milestone', () => {
    const tracker = createProgressTracker({ startAt: 0, lessonSeconds: 96 });
    const { saves, milestones } = playThrough(tracker, 0, 95.9);
    expect(saves).toEqual([10, 20, 24, 30, 40, 48, 50, 60, 70, 72, 80, 90]);
    expect(milestones).toEqual([25, 50, 75]);
    expect(tracker.onEnded(96.04)).toBe(97);
    expect([...tracker.reached()].sort((a, b) => a - b)).toEqual([25, 50, 75, 100]);
  });

  it('reports the end once per playback to the end', () => {
    const tracker = createProgressTracker({ startAt: 0, lessonSeconds: 96 });
    expect(tracker.onEnded(96)).toBe(96);
    expect(tracker.onEnded(96)).toBeNull();
    tracker.onTime(10, 96);
    expect(tracker.onEnded(96)).toBe(96);
  });

  it('bounds the end position to what the server accepts', () => {
    const tracker = createProgressTracker({ startAt: 0, lessonSeconds: 60 });
    expect(tracker.onEnded(75)).toBe(65);
  });

  it('does not re-save the resume position, and counts milestones before it as reached', () => {
    const tracker = createProgressTracker({ startAt: 50, lessonSeconds: 96 });
    expect([...tracker.reached()].sort()).toEqual([25, 50]);
    const { saves, milestones } = playThrough(tracker, 50, 61);
    expect(saves).toEqual([60]);
    expect(milestones).toEqual([]);
  });

  it('saves again after seeking to another multiple, including back to the start', () => {
    const tracker = createProgressTracker({ startAt: 0, lessonSeconds: 96 });
    playThrough(tracker, 0, 12);
    expect(tracker.onTime(35, 96)).toEqual({ save: 30, milestone: 25 });
    expect(tracker.onTime(3, 96)).toEqual({ save: 0, milestone: null });
    expect(tracker.onTime(4, 96)).toEqual({ save: null, milestone: null });
  });

  it('uses the lesson length while the video duration is unknown', () => {
    const tracker = createProgressTracker({ startAt: 0, lessonSeconds: 40 });
    expect(tracker.onTime(10.2, Number.NaN)).toEqual({ save: 10, milestone: 25 });
  });
});
