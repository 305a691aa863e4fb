import {
  EVENT_FLUSH_INTERVAL_MS,
  EVENT_FLUSH_THRESHOLD,
  MAX_EVENTS_PER_BATCH,
  type VideoEvent,
} from '@kaushal/contract';
import { EVENT_RETRY_DELAY_MS } from './constants';
import { browserTimers, type Timers } from './timers';

export interface EventQueueOptions {
  /** Posts a batch while the page lives; rejects on failure. */
  send(events: VideoEvent[]): Promise<void>;
  /**
   * Hands a batch to the browser for delivery after the page is gone (sendBeacon, else fetch keepalive).
   * true when handed over; false (or a promise of false) when it could not be.
   */
  beacon(events: VideoEvent[]): boolean | Promise<boolean>;
  timers?: Timers;
}

export interface EventQueue {
  push(event: VideoEvent): void;
  /** Sends what is queued now (complete, teardown of a still-living page). */
  flush(): Promise<void>;
  /** The page may be going away: hand everything queued to the browser synchronously. */
  flushWithBeacon(): void;
  /** Stops the timer and hands what is left to the browser (modal closed, lesson changed). */
  dispose(): void;
  /** Events not yet delivered, oldest first (includes a batch in flight). */
  pending(): VideoEvent[];
}

/**
 * Watch events, batched as the spec says: flushed every 30 s, as soon as 10 are queued, immediately when
 * asked (complete), and on teardown with sendBeacon. One batch is in flight at a time; a failed batch goes
 * back to the front of the queue and is retried, so nothing is dropped and order is kept.
 */
export function createEventQueue(options: EventQueueOptions): EventQueue {
  const timers = options.timers ?? browserTimers;
  let queue: VideoEvent[] = [];
  let inFlight: VideoEvent[] = [];
  let sending: Promise<void> | null = null;
  let retry: unknown = null;
  let disposed = false;

  const interval = timers.setInterval(() => void flush(), EVENT_FLUSH_INTERVAL_MS);

  function scheduleRetry() {
    if (retry !== null || disposed) return;
    retry = timers.setTimeout(() => {
      retry = null;
      void flush();
    }, EVENT_RETRY_DELAY_MS);
  }

  async function sendOne(): Promise<boolean> {
    inFlight = queue.slice(0, MAX_EVENTS_PER_BATCH);
    queue = queue.slice(inFlight.length);
    try {
      await options.send(inFlight);
      inFlight = [];
      return true;
    } catch {
      queue = [...inFlight, ...queue];
      inFlight = [];
      if (disposed) flushWithBeacon();
      else scheduleRetry();
      return false;
    }
  }

  function flush(): Promise<void> {
    if (sending) return sending;
    if (queue.length === 0) return Promise.resolve();
    sending = (async () => {
      // Everything queued goes, 100 at a time; the first failure stops it (and is retried later).
      while (queue.length > 0 && (await sendOne())) {}
    })().finally(() => {
      sending = null;
    });
    return sending;
  }

  function flushWithBeacon() {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
      const handed = options.beacon(batch);
      if (handed === false) return;
      queue = queue.slice(batch.length);
      if (handed !== true) {
        // A keepalive fetch: if it fails while the page still lives, the batch comes back for a retry.
        void handed.then((ok) => {
          if (!ok) {
            queue = [...batch, ...queue];
            scheduleRetry();
          }
        });
      }
    }
  }

  return {
    push(event) {
      queue.push(event);
      // While a retry is scheduled (offline), it alone sends: no failed request per new event.
      if (queue.length >= EVENT_FLUSH_THRESHOLD && retry === null) void flush();
    },
    flush,
    flushWithBeacon,
    dispose() {
      if (disposed) return;
      disposed = true;
      timers.clearInterval(interval);
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      flushWithBeacon();
    },
    pending: () => [...inFlight, ...queue],
  };
}
