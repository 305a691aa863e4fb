import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { resolveDemoMedia } from './content/demo-media/catalogue.ts';
import { loadCatalogue } from './content/load.ts';
import type { CourseFile } from './content/schema.ts';
import { catalogueIsEmpty, seedCatalogue } from './content/seed.ts';
import { type Database, openDatabase } from './db/client.ts';
import { type DataFolderLock, type LockHolder, lockDataFolder } from './db/data-folder-lock.ts';

export interface ConfiguredDatabase extends Database {
  /** With PGlite, this process's hold on DATA_DIR (released by close()); null on PostgreSQL. */
  folderLock: DataFolderLock | null;
}

/**
 * Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL is set) and applies migrations. PGlite's
 * folder is taken for this process first: a second process opening it would corrupt it, so while the server
 * runs, `npm run seed`, `content -- import` and `restore` refuse with a message naming it (db/data-folder-lock.ts).
 */
export async function openConfiguredDatabase(config: Config, holder: LockHolder): Promise<ConfiguredDatabase> {
  const folderLock = config.databaseUrl ? null : lockDataFolder(config.dataDir, holder);
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
    });
    await database.migrate();
    return {
      ...database,
      folderLock,
      close: async () => {
        await database.close();
        folderLock?.release();
      },
    };
  } catch (error) {
    folderLock?.release();
    throw error;
  }
}

/**
 * The course files as the database should hold them: with DEMO_MEDIA, demo lessons already made play their
 * generated media (DATA_DIR/demo-media); the rest keep their stand-in videos.
 */
export function servedCatalogue(config: Config, courses: CourseFile[]): CourseFile[] {
  return config.demoMedia ? resolveDemoMedia(courses, config.demoMediaDir).courses : courses;
}

/** Seeds the demo catalogue into an empty database when SEED_DEMO allows it. */
export async function seedIfEmpty(config: Config, database: Database, log: Pick<FastifyBaseLogger, 'info'>) {
  if (!config.seedDemo || !(await catalogueIsEmpty(database.db))) return;
  const catalogue = await loadCatalogue(config.contentDir);
  const result = await seedCatalogue(database.db, servedCatalogue(config, catalogue.courses));
  log.info({ courses: result.courses }, 'seeded the demo catalogue into an empty database');
}
