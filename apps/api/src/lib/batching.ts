import type { Database } from '../db/client.ts';

/** How a batching writer or reader (group commit of events, session lookups) starts its next query. */
export interface BatchOptions {
  /**
   * Start on the next turn of the event loop (setImmediate) instead of at once. PGlite runs each query to
   * completion on this thread, so a query there is never in flight while other requests are read and
   * nothing could join a batch; deferring one turn lets the requests already received join it. It is no
   * timer: an idle server starts the query in the same loop iteration.
   */
  startOnNextTurn?: boolean;
}

/** Defers only where queries run on this thread (PGlite); PostgreSQL queries are in flight on their own. */
export const batchOptionsFor = (database: Pick<Database, 'kind'>): BatchOptions => ({
  startOnNextTurn: database.kind === 'pglite',
});

/** Runs `drain` as the options say; `drain` handles its own errors. */
export function startBatch(options: BatchOptions, drain: () => Promise<void>): void {
  if (options.startOnNextTurn) setImmediate(() => void drain());
  else void drain();
}
