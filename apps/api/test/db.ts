import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadCatalogue } from '../src/content/load.ts';
import { seedCatalogue } from '../src/content/seed.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { openPglite } from '../src/db/pglite.ts';
import { repoRoot } from '../src/paths.ts';
import { createScratchDatabase } from './support/scratch-postgres.ts';

/**
 * One database per test worker, migrated once; `resetDatabase` empties every table between tests.
 * PGlite always; PostgreSQL when TEST_DATABASE_URL is set (a database of its own per worker, so workers
 * never see each other's rows).
 */
export const dbKind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let shared: Promise<Database> | undefined;

const workerId = () => process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const base = process.env.TEST_DATABASE_URL;
    const database = base
      ? await openDatabase({ url: (await createScratchDatabase(base, `worker${workerId()}`)).url, poolSize: 5 })
      : await openDatabase({ pglite: openPglite() });
    await database.migrate();
    return database;
  })();
  return shared;
}

export async function resetDatabase(database: Database): Promise<void> {
  const rows = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const list =
    (rows as unknown as { rows?: Array<{ tablename: string }> }).rows ??
    (rows as unknown as Array<{ tablename: string }>);
  const names = list.map((r) => `"${r.tablename}"`).join(', ');
  if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
  // The job queue's rows (pg-boss, schema `jobs`), once an app has created them; its queues and schema stay.
  const jobs = await database.db.execute<{ present: boolean }>(
    sql`select to_regclass('jobs.job') is not null as present`,
  );
  const present = ((jobs as unknown as { rows?: Array<{ present: boolean }> }).rows ?? [])[0]?.present;
  if (present) await database.db.execute(sql.raw('truncate jobs.job, jobs.archive'));
}

const CATALOGUE_TABLES = [
  'courses',
  'sections',
  'lessons',
  'lesson_resources',
  'pricing_tiers',
  'reviews',
  'quizzes',
] as const;
const seeded = new WeakSet<Database>();

/**
 * Loads the shipped catalogue (content/) into an emptied database. The first call per database runs the real
 * seed and keeps a copy of its rows in a schema of their own; later calls copy those rows back in five
 * statements, which keeps the per-test reset fast on PGlite.
 */
export async function seedTestCatalogue(database: Database): Promise<void> {
  if (seeded.has(database)) {
    for (const table of CATALOGUE_TABLES) {
      await database.db.execute(sql.raw(`insert into public.${table} select * from test_seed.${table}`));
    }
    return;
  }
  const { courses } = await loadCatalogue(path.join(repoRoot, 'content'));
  await seedCatalogue(database.db, courses);
  await database.db.execute(sql.raw('drop schema if exists test_seed cascade'));
  await database.db.execute(sql.raw('create schema test_seed'));
  for (const table of CATALOGUE_TABLES) {
    await database.db.execute(sql.raw(`create table test_seed.${table} as table public.${table}`));
  }
  seeded.add(database);
}
