import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressSavesSettled, saveProgress } from './save-progress';

const answer = (status: number) =>
  new Response(JSON.stringify(status === 200 ? { lessonId: 'a' } : { code: 'internal_error' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('progressSavesSettled', () => {
  afterEach(() => vi.restoreAllMocks());

  it('resolves at once when no report is on its way', async () => {
    await expect(progressSavesSettled()).resolves.toBeUndefined();
  });

  it('waits for every report sent so far, answered or failed', async () => {
    const replies: Array<(r: Response) => void> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => replies.push(resolve)));
    const first = saveProgress('a', { watchSeconds: 10, completed: false });
    const second = saveProgress('a', { watchSeconds: 20, completed: false }).catch(() => 'failed');
    let settled = false;
    const waiting = progressSavesSettled().then(() => {
      settled = true;
    });

    await vi.waitFor(() => expect(replies).toHaveLength(2));
    replies[0]?.(answer(200));
    await first;
    await Promise.resolve();
    expect(settled).toBe(false);
    replies[1]?.(answer(500));
    await waiting;
    expect(settled).toBe(true);
    expect(await second).toBe('failed');
    // Answered reports are forgotten.
    await expect(progressSavesSettled()).resolves.toBeUndefined();
  });
});
