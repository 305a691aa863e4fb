import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/db.ts';
import type { Database } from './client.ts';
import { executeNamed } from './named-statement.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe(`named statements (${dbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('answers as execute does, with every value a parameter', async () => {
    const twice = (n: number) => executeNamed(database.db, 'probe', sql`select ${n}::int * 2 as "twice"`);
    expect(rowsOf(await twice(21))).toEqual([{ twice: 42 }]);
    expect(rowsOf(await twice(5))).toEqual([{ twice: 10 }]);
  });

  it.runIf(dbKind === 'postgres')('is prepared once per connection and run again by its name', async () => {
    const runs = await database.db.transaction(async (tx) => {
      // One connection: a transaction's statements all run on it.
      for (const n of [1, 2, 3]) await executeNamed(tx, 'probe_runs', sql`select ${n}::int + 1 as "next"`);
      return rowsOf<{ name: string; runs: number }>(
        await tx.execute(
          sql`select name, (generic_plans + custom_plans)::int as "runs" from pg_prepared_statements where name like 'probe_runs_%'`,
        ),
      );
    });
    expect(runs).toHaveLength(1);
    expect(runs[0]?.runs).toBeGreaterThanOrEqual(3);
  });
});
