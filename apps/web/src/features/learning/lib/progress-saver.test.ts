import type { ProgressBody, ProgressResponse } from '@kaushal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressSaver } from './progress-saver';

const response = (body: ProgressBody): ProgressResponse => ({
  lessonId: 'l',
  resumeSeconds: body.watchSeconds,
  watchedSeconds: body.watchSeconds,
  completed: false,
  hasCompletedFreeLesson: false,
});

/** A send whose calls resolve or reject when the test says. */
function controlledSend() {
  const calls: Array<{ body: ProgressBody; resolve: () => void; reject: () => void }> = [];
  const send = (body: ProgressBody) =>
    new Promise<ProgressResponse>((resolve, reject) => {
      calls.push({ body, resolve: () => resolve(response(body)), reject: () => reject(new Error('offline')) });
    });
  return { calls, send };
}

describe('createProgressSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one report at a time and only the latest of those waiting', async () => {
    const { calls, send } = controlledSend();
    const saved: number[] = [];
    const saver = createProgressSaver({ send, onSaved: (r) => saved.push(r.resumeSeconds) });
    saver.save({ watchSeconds: 10, completed: false });
    saver.save({ watchSeconds: 20, completed: false });
    saver.save({ watchSeconds: 30, completed: false });
    expect(calls.map((c) => c.body.watchSeconds)).toEqual([10]);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.body.watchSeconds)).toEqual([10, 30]);
    calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([10, 30]);
  });

  it('never replaces a waiting completion with a plain position', async () => {
    const { calls, send } = controlledSend();
    const saver = createProgressSaver({ send });
    saver.save({ watchSeconds: 90, completed: false });
    saver.save({ watchSeconds: 96, completed: true });
    saver.save({ watchSeconds: 0, completed: false });
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]?.body).toEqual({ watchSeconds: 96, completed: true });
  });

  it('retries a failed report after 2 s, up to 3 attempts', async () => {
    const { calls, send } = controlledSend();
    const saver = createProgressSaver({ send });
    saver.save({ watchSeconds: 10, completed: false });
    calls[0]?.reject();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]?.reject();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(3);
    calls[2]?.reject();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
  });

  it('drops a failed report when a newer one is due, and sends the newer at once', async () => {
    const { calls, send } = controlledSend();
    const saver = createProgressSaver({ send });
    saver.save({ watchSeconds: 10, completed: false });
    calls[0]?.reject();
    await vi.advanceTimersByTimeAsync(0);
    saver.save({ watchSeconds: 20, completed: false });
    expect(calls.map((c) => c.body.watchSeconds)).toEqual([10, 20]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(2);
  });

  it('still delivers a report waiting when it is disposed, but stops retrying', async () => {
    const { calls, send } = controlledSend();
    const saver = createProgressSaver({ send });
    saver.save({ watchSeconds: 10, completed: false });
    saver.save({ watchSeconds: 14, completed: false });
    saver.dispose();
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.body.watchSeconds)).toEqual([10, 14]);
    calls[1]?.reject();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });
});
