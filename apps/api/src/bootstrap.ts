import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { loadCatalogue } from './content/load.ts';
import { catalogueIsEmpty, seedCatalogue } from './content/seed.ts';
import { type Database, openDatabase } from './db/client.ts';

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and applies migrations. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  return database;
}

/** Seeds the demo catalogue into an empty database when SEED_DEMO allows it. */
export async function seedIfEmpty(config: Config, database: Database, log: Pick<FastifyBaseLogger, 'info'>) {
  if (!config.seedDemo || !(await catalogueIsEmpty(database.db))) return;
  const catalogue = await loadCatalogue(config.contentDir);
  const result = await seedCatalogue(database.db, catalogue.courses);
  log.info({ courses: result.courses }, 'seeded the demo catalogue into an empty database');
}
