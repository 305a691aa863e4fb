import type { VideoEvent } from '@kaushal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue, type EventQueueOptions } from './event-queue';

const SESSION = '2f0cf6c8-0f5e-4d8e-9a7c-3f1c8b2a9e11';
const event = (positionSec: number, eventType: VideoEvent['eventType'] = 'play'): VideoEvent => ({
  sessionId: SESSION,
  eventType,
  positionSec,
});

function setup(overrides: Partial<EventQueueOptions> = {}) {
  const sent: VideoEvent[][] = [];
  const beaconed: VideoEvent[][] = [];
  const send = vi.fn(async (events: VideoEvent[]) => {
    sent.push(events);
  });
  const beacon = vi.fn((events: VideoEvent[]) => {
    beaconed.push(events);
    return true;
  });
  const queue = createEventQueue({ send, beacon, ...overrides });
  return { queue, sent, beaconed, send, beacon };
}

describe('createEventQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes as soon as 10 events are queued', async () => {
    const { queue, sent } = setup();
    for (let i = 0; i < 9; i++) queue.push(event(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    queue.push(event(9));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([Array.from({ length: 10 }, (_, i) => event(i))]);
    expect(queue.pending()).toEqual([]);
    queue.dispose();
  });

  it('flushes what is queued every 30 s, and nothing when empty', async () => {
    const { queue, sent, send } = setup();
    queue.push(event(1));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([[event(1)]]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(1);
    queue.dispose();
  });

  it('flushes immediately when asked (complete)', async () => {
    const { queue, sent } = setup();
    queue.push(event(95, 'pause'));
    queue.push(event(96, 'complete'));
    await queue.flush();
    expect(sent).toEqual([[event(95, 'pause'), event(96, 'complete')]]);
    queue.dispose();
  });

  it('keeps a failed batch, in order, and retries it with later events', async () => {
    let fail = true;
    const sent: VideoEvent[][] = [];
    const { queue } = setup({
      send: async (events) => {
        if (fail) throw new Error('offline');
        sent.push(events);
      },
    });
    queue.push(event(1));
    queue.push(event(2));
    await queue.flush();
    expect(queue.pending()).toEqual([event(1), event(2)]);
    queue.push(event(3));
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toEqual([[event(1), event(2), event(3)]]);
    expect(queue.pending()).toEqual([]);
    queue.dispose();
  });

  it('sends at most 100 events per call, oldest first, after an offline spell', async () => {
    let online = false;
    const sent: VideoEvent[][] = [];
    const { queue } = setup({
      send: async (events) => {
        if (!online) throw new Error('offline');
        sent.push(events);
      },
    });
    const many = Array.from({ length: 250 }, (_, i) => event(i));
    for (const e of many) queue.push(e);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending()).toEqual(many);
    online = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(sent.flat()).toEqual(many);
    queue.dispose();
  });

  it('hands queued events to sendBeacon on teardown and stops its timer', async () => {
    const { queue, beaconed, send } = setup();
    for (let i = 0; i < 9; i++) queue.push(event(i));
    queue.dispose();
    expect(beaconed).toEqual([Array.from({ length: 9 }, (_, i) => event(i))]);
    expect(queue.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps events the browser would not take, and takes back a failed keepalive fallback', async () => {
    let accept: boolean | Promise<boolean> = false;
    const { queue } = setup({ beacon: () => accept });
    queue.push(event(1));
    queue.flushWithBeacon();
    expect(queue.pending()).toEqual([event(1)]);
    accept = Promise.resolve(false);
    queue.flushWithBeacon();
    expect(queue.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending()).toEqual([event(1)]);
    queue.dispose();
  });

  it('hands a batch that fails after teardown to the beacon instead of dropping it', async () => {
    let reject: (error: Error) => void = () => {};
    const { queue, beaconed } = setup({
      send: () =>
        new Promise<void>((_, r) => {
          reject = r;
        }),
    });
    queue.push(event(1));
    const flushing = queue.flush();
    queue.dispose();
    reject(new Error('aborted'));
    await flushing;
    expect(beaconed).toEqual([[event(1)]]);
  });
});
