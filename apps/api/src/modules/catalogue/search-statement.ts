import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executeNamed } from '../../db/named-statement.ts';

/**
 * A named prepared statement per statement shape (its text; the search text, prices, page size and offset are
 * parameters), one round trip each. On PostgreSQL each pooled connection prepares a shape once, and after five
 * runs the server may keep its generic plan: no planning per search (3 to 13 ms of each, decision 032). PGlite
 * runs the text as it is. Shapes are bounded: the filters present, the sort, the way the page is found, page or
 * count. (Decision 032 also ran searches in a transaction with sequential scans off, three more round trips,
 * because a sequential scan of courses parsed every course's text; course_search stores its documents.)
 */
export async function searchStatement<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = await executeNamed(db, 'catalogue', statement);
  return (result as unknown as { rows: T[] }).rows;
}
