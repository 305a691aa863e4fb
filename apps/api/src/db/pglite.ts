import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLITE_WAL_SETTINGS } from './pglite-checkpoints.ts';
import { PreparingPGlite } from './pglite-prepared.ts';

/**
 * The PostgreSQL extensions the schema uses, loaded into every PGlite this repository opens. PGlite ships each
 * extension's files separately and makes them available only to an instance given it here, at construction: a
 * database whose migrations ran `create extension pg_trgm` (the trigram indexes on users' names and emails,
 * decisions/027) cannot update those indexes, or even create the extension, in a PGlite opened without it; nor can
 * one with btree_gin's search index (a word and its filters in one GIN index, decision 047).
 * Loading an extension that a database has not created changes nothing in it, so older data folders and backups
 * open as before and migrate.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

/**
 * A PGlite with the schema's extensions, in memory, in `dataDir`, or as the options say; its transactions can run
 * named prepared statements (pglite-prepared.ts), and it keeps less WAL for reuse than PostgreSQL's default
 * (pglite-checkpoints.ts).
 */
export function openPglite(options: string | Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  const given = typeof options === 'string' ? { dataDir: options } : options;
  return new PreparingPGlite({
    startParams: [...PreparingPGlite.defaultStartParams, ...PGLITE_WAL_SETTINGS],
    ...given,
    extensions: pgliteExtensions,
  });
}
