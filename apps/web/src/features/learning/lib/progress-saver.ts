import type { ProgressBody, ProgressResponse } from '@kaushal/contract';
import { PROGRESS_RETRY_DELAY_MS } from './constants';
import { browserTimers, type Timers } from './timers';

export interface ProgressSaver {
  save(body: ProgressBody): void;
  /** Stops retrying; a save already sent still completes. */
  dispose(): void;
}

const MAX_ATTEMPTS = 3;

/**
 * Sends progress reports one at a time, in order. A newer report replaces one still waiting (only the latest
 * position matters), except that a completion is never replaced by a plain position. A failed report is
 * retried soon, up to 3 attempts, unless a newer one has come in meanwhile.
 */
export function createProgressSaver(options: {
  send(body: ProgressBody): Promise<ProgressResponse>;
  onSaved?(response: ProgressResponse, body: ProgressBody): void;
  timers?: Timers;
}): ProgressSaver {
  const timers = options.timers ?? browserTimers;
  let waiting: { body: ProgressBody; attempts: number } | null = null;
  let busy = false;
  let retry: unknown = null;
  let disposed = false;

  async function pump() {
    if (busy || !waiting || retry !== null) return;
    const job = waiting;
    waiting = null;
    busy = true;
    try {
      const response = await options.send(job.body);
      options.onSaved?.(response, job.body);
    } catch {
      if (!waiting && job.attempts + 1 < MAX_ATTEMPTS && !disposed) {
        waiting = { body: job.body, attempts: job.attempts + 1 };
        retry = timers.setTimeout(() => {
          retry = null;
          void pump();
        }, PROGRESS_RETRY_DELAY_MS);
      }
    } finally {
      busy = false;
    }
    void pump();
  }

  return {
    save(body) {
      if (waiting?.body.completed && !body.completed) return;
      waiting = { body, attempts: 0 };
      if (retry !== null) {
        timers.clearTimeout(retry);
        retry = null;
      }
      void pump();
    },
    dispose() {
      disposed = true;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    },
  };
}
