import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement, its name `prefix_` and a hash of its text (so a name never
 * stands for two texts, which node-postgres refuses). On PostgreSQL each pooled connection parses a text once, and
 * after five runs the server may keep its generic plan: no planning per run (decisions 032 and 050). PGlite runs
 * the text as it is. Only for statements whose values are all parameters: every distinct text is prepared on every
 * connection. The result is what `execute` returns.
 */
export function executeNamed(db: Db | Tx, prefix: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const name = `${prefix}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}
