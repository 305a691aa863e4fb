import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { pgliteBehind, runPrepared } from './pglite-prepared.ts';

const dialect = new PgDialect();

/** Statement names by text: hashing the text on every run cost more than a progress batch's JavaScript. */
const names = new Map<string, string>();

function nameOf(prefix: string, text: string): string {
  const key = `${prefix}\n${text}`;
  let name = names.get(key);
  if (!name) {
    // Shapes are bounded (decision 032); the bound only guards against a caller that builds texts from values.
    if (names.size >= 1_000) names.clear();
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(key, name);
  }
  return name;
}

/**
 * Runs a statement as a named prepared statement, its name `prefix_` and a hash of its text (so a name never
 * stands for two texts, which node-postgres refuses). On PostgreSQL each pooled connection parses a text once, and
 * after five runs the server may keep its generic plan: no planning per run (decisions 032 and 050). On PGlite the
 * text is parsed once per instance and each run is one protocol call (pglite-prepared.ts, decision 053). Only for
 * statements whose values are all parameters: every distinct text is prepared on every connection. The result is
 * what `execute` returns.
 */
export function executeNamed(db: Db | Tx, prefix: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const name = nameOf(prefix, query.sql);
  const pglite = pgliteBehind((db._.session as unknown as { client?: unknown }).client);
  if (pglite) return runPrepared(pglite, name, query.sql, query.params);
  return db._.session.prepareQuery(query, undefined, name, false).execute();
}
