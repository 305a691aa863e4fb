import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import { openPglite } from './pglite.ts';
import { snapshotPglite } from './pglite-backup.ts';
import { type CheckpointOptions, keepWalBounded } from './pglite-checkpoints.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Runs SQL text outside drizzle (the job queue's own statements): with values, one statement with $n
   * parameters; without, possibly several statements in one round trip.
   */
  runSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  close(): Promise<void>;
  /**
   * PGlite only: the data folder as an uncompressed tar, taken between two transactions (see pglite-backup.ts).
   * PostgreSQL is backed up with pg_dump instead.
   */
  snapshot?: () => Promise<Uint8Array>;
  /**
   * PGlite only: checkpoints as its WAL grows, which single-user PostgreSQL never does by itself
   * (pglite-checkpoints.ts); returns the function that stops them. The server runs it while it is open.
   */
  keepWalBounded?: (options?: CheckpointOptions) => () => void;
  /** Connection pool figures for the metrics (PostgreSQL only). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  pgliteDir?: string | undefined;
  /** Hands over an existing PGlite (tests share one per worker), opened with `openPglite` (its extensions). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  const client = options.pglite ?? openPglite(options.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await client.query('select 1');
    },
    runSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>> };
    },
    close: async () => {
      if (!options.pglite) await client.close();
    },
    snapshot: () => snapshotPglite(client),
    keepWalBounded: (checkpoints) => keepWalBounded(client, checkpoints),
  };
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Bounded so a stalled server fails requests with 503 instead of hanging them.
    query_timeout: 15_000,
  });
  // A dropped connection must not crash the process; the pool replaces it on the next query.
  pool.on('error', () => {});
  // The pool listens only to idle clients: a client checked out for a transaction whose connection breaks
  // between statements emits 'error' to nobody, an uncaught exception. Its queries fail on their own (503),
  // and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runSql: async (text, values) => {
      // node-postgres sends a query without values as one simple-protocol message, which may hold several statements.
      const result = values && values.length > 0 ? await pool.query(text, values) : await pool.query(text);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Array<Record<string, unknown>> };
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
