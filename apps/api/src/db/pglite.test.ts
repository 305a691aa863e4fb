import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { searchLearners } from '../modules/learners/search.ts';
import { migrationsDir } from '../paths.ts';
import { type Database, openDatabase } from './client.ts';
import { openBackup, snapshotPglite } from './pglite-backup.ts';
import { users } from './schema.ts';

/** The last migration before pg_trgm and the trigram indexes (decisions/027). */
const BEFORE_TRIGRAMS = '0007_commerce';

/** The committed migrations up to `lastTag`, in a folder of their own: the schema a release before had. */
function migrationsUpTo(lastTag: string, folder: string): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const last = journal.entries.find((entry) => entry.tag === lastTag);
  if (!last) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.filter((entry) => entry.idx <= last.idx);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    copyFileSync(path.join(migrationsDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

async function trigramState(database: Database) {
  const { rows } = await database.runSql(
    `select (select count(*)::int from pg_extension where extname = 'pg_trgm') as extension,
            (select count(*)::int from pg_indexes where indexname in ('users_name_trgm_idx', 'users_email_trgm_idx'))
              as indexes`,
  );
  return rows[0];
}

describe('a PGlite database from before the trigram indexes', () => {
  let dir: string | undefined;
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('its data folder and a backup of it open, migrate (pg_trgm created, then the indexes) and are searched', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kaushal-trgm-'));
    // The previous release: PGlite opened without extensions, its migrations applied, a learner signed up.
    const folder = path.join(dir, 'pglite');
    const previous = new PGlite(folder);
    await migrate(drizzle({ client: previous }), {
      migrationsFolder: migrationsUpTo(BEFORE_TRIGRAMS, path.join(dir, 'm')),
    });
    await previous.query(`insert into users (email, name) values ('priya@example.in', 'Priya Sharma')`);
    const backup = await snapshotPglite(previous);
    await previous.close();

    // The backup opens as it did (the restore command's check), and restores into a folder of its own.
    expect(await openBackup(backup)).toMatchObject({ learners: 1, migrations: 8 });
    const restored = path.join(dir, 'restored');
    await openBackup(backup, restored);

    // This release opens both folders and migrates them: the extension first, then the indexes on it.
    for (const pgliteDir of [folder, restored]) {
      const database = await openDatabase({ pgliteDir });
      opened.push(database);
      expect(await trigramState(database)).toEqual({ extension: 0, indexes: 0 });
      await database.migrate();
      expect(await trigramState(database)).toEqual({ extension: 1, indexes: 2 });
      // Written and found through the trigram indexes (kept by the extension's functions).
      await database.db.insert(users).values({ email: 'meera@example.in', name: 'Meera Sharma' });
      const found = await searchLearners(database.db, { q: 'SHARMA' });
      expect(found.items.map((item) => item.name)).toEqual(['Meera Sharma', 'Priya Sharma']);
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const result = await tx.execute(
          sql`explain (costs off) select id from ${users} where ${users.name} ilike '%sharma%'`,
        );
        return JSON.stringify(result);
      });
      expect(plan).toMatch(/Bitmap Index Scan on users_name_trgm_idx/);
    }
  });
});
