import type { PGlite } from '@electric-sql/pglite';

/**
 * Checkpoints for the embedded database (decision 054). PGlite runs PostgreSQL as one backend in single-user mode,
 * without the checkpointer process: nothing ever checkpoints on its own (a WAL volume past `max_wal_size` requests
 * a checkpoint only under a postmaster), so the WAL grows with every write until the server closes or a backup
 * runs one. The data folder, every backup of it and the replay after a crash grow with it; and after a
 * checkpoint PostgreSQL keeps the old segments for reuse, up to `max_wal_size` (1 GB by default).
 *
 * So `openPglite` lowers the WAL sizes (PGLITE_WAL_SETTINGS), and the server checks the WAL written since the last
 * checkpoint every few seconds, and checkpoints once it passes a threshold: the folder stays within about
 * `max_wal_size` of WAL, and a restart after a crash replays at most about the threshold.
 */

/** Start parameters: after a checkpoint PostgreSQL keeps between 32 and 64 MB of WAL segments for reuse. */
export const PGLITE_WAL_SETTINGS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

export interface CheckpointOptions {
  /** How often the WAL is measured. */
  everyMs?: number;
  /** WAL written since the last checkpoint that makes the next one. */
  walBytes?: number;
  /** Told of a failed measurement or checkpoint (the database closing, say); the next tick tries again. */
  onError?: (error: unknown) => void;
}

/** WAL bytes written since the last checkpoint's redo point. */
export async function walSinceCheckpoint(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ bytes: number }>(
    'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()',
  );
  return rows[0]?.bytes ?? 0;
}

/**
 * Checkpoints `client` whenever `walBytes` of WAL have been written since the last checkpoint, measured every
 * `everyMs`. The measurement is one query between transactions (under 1 ms); a checkpoint writes the dirty pages
 * and holds other statements meanwhile, as any query does. Returns the function that stops it.
 */
export function keepWalBounded(
  client: PGlite,
  { everyMs = 5_000, walBytes = 32 * 1024 * 1024, onError = () => {} }: CheckpointOptions = {},
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = true;
    walSinceCheckpoint(client)
      .then(async (bytes) => {
        if (bytes >= walBytes && !client.closed) await client.exec('CHECKPOINT');
      })
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  // Never what keeps the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
