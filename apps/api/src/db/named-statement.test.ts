import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/db.ts';
import type { Database } from './client.ts';
import { executeNamed } from './named-statement.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The database's message, also when drizzle wraps the error (DrizzleQueryError.cause). */
async function failure(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  if (!error) throw new Error('expected the statement to fail');
  return String(error.cause?.message ?? error.message);
}

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

  it('answers a statement without rows with no rows, and keeps dates as text as execute does', async () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const none = await executeNamed(database.db, 'probe_none', sql`select 1 as "one" where ${1}::int = 2`);
    expect(rowsOf(none)).toEqual([]);
    const dated = rowsOf<{ at: unknown; later: boolean }>(
      await executeNamed(
        database.db,
        'probe_dates',
        sql`select ${at}::timestamptz as "at", ${true}::boolean as "later"`,
      ),
    );
    const viaExecute = rowsOf<{ at: unknown }>(await database.db.execute(sql`select ${at}::timestamptz as "at"`));
    expect(dated[0]?.at).toEqual(viaExecute[0]?.at);
    expect(new Date(String(dated[0]?.at)).toISOString()).toBe(at.toISOString());
    expect(dated[0]?.later).toBe(true);
  });

  it('fails a bad run alone: the next run by the same name answers, and a transaction it failed is rolled back', async () => {
    const inverse = (n: number) => executeNamed(database.db, 'probe_inverse', sql`select 10 / ${n}::int as "q"`);
    expect(await failure(inverse(0))).toMatch(/division by zero/);
    expect(rowsOf(await inverse(5))).toEqual([{ q: 2 }]);
    expect(await failure(executeNamed(database.db, 'probe_broken', sql`selec ${1}::int`))).toMatch(/syntax/);
    expect(await failure(executeNamed(database.db, 'probe_broken', sql`selec ${1}::int`))).toMatch(/syntax/);

    await database.db.execute(sql`create table if not exists probe_rows (n int)`);
    await database.db.execute(sql`truncate probe_rows`);
    const failed = database.db.transaction(async (tx) => {
      await executeNamed(tx, 'probe_insert', sql`insert into probe_rows (n) values (${7}::int)`);
      await executeNamed(tx, 'probe_inverse', sql`select 10 / ${0}::int as "q"`);
    });
    expect(await failure(failed)).toMatch(/division by zero/);
    await database.db.transaction(async (tx) => {
      await executeNamed(tx, 'probe_insert', sql`insert into probe_rows (n) values (${8}::int)`);
    });
    const kept = rowsOf<{ n: number }>(
      await executeNamed(database.db, 'probe_count', sql`select n from probe_rows where n >= ${0}::int order by n`),
    );
    expect(kept).toEqual([{ n: 8 }]);
    await database.db.execute(sql`drop table probe_rows`);
  });

  it('outside a transaction, never runs inside one in progress', async () => {
    await database.db.execute(sql`create table if not exists probe_wait (n int)`);
    await database.db.execute(sql`truncate probe_wait`);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // Inserts, then rolls back: a read that ran inside it (PGlite has one connection) would count the row.
    const writer = database.db.transaction(async (tx) => {
      await executeNamed(tx, 'probe_wait_insert', sql`insert into probe_wait (n) values (${1}::int)`);
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await insertedSignal;
    const reader = executeNamed(
      database.db,
      'probe_wait_count',
      sql`select count(*)::int as "n" from probe_wait where n = ${1}::int`,
    );
    setTimeout(release, 50);
    expect(rowsOf<{ n: number }>(await reader)[0]?.n).toBe(0);
    await expect(writer).rejects.toThrow('rolled back');
    await database.db.execute(sql`drop table probe_wait`);
  });

  it.runIf(dbKind === 'pglite')(
    'is parsed once per PGlite and run again by its name, in and out of transactions',
    async () => {
      await executeNamed(database.db, 'probe_once', sql`select ${1}::int + 1 as "next"`);
      await database.db.transaction(async (tx) => {
        for (const n of [2, 3]) await executeNamed(tx, 'probe_once', sql`select ${n}::int + 1 as "next"`);
      });
      const runs = rowsOf<{ name: string }>(
        await database.db.execute(sql`select name from pg_prepared_statements where name like 'probe_once_%'`),
      );
      expect(runs).toHaveLength(1);
    },
  );

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
