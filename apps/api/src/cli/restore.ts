import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { DataFolderBusy, lockDataFolder } from '../db/data-folder-lock.ts';
import { BackupFileError, describeSummary, flushPath, flushTree, openBackup } from '../db/pglite-backup.ts';

/**
 * `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` in place as the embedded database
 * (DATA_DIR/pglite). Refuses while the server or another command uses the folder (DATA_DIR/pglite.lock), and
 * refuses to replace an existing database unless --force, which moves it aside to DATA_DIR/pglite.replaced-<time>
 * instead of deleting it. The backup is opened in a folder beside the target and moved into place only once
 * it opens, so a bad file leaves the current database as it was. PostgreSQL: pg_restore (docs/production.md).
 */
class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

const USAGE = 'usage: npm run restore -- FILE [--force]';
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/production.md, section 3).');
    return 2;
  }
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(source)) throw new RestoreRefused(`There is no file ${source}.`);

  const lock = lockDataFolder(config.dataDir, 'restore');
  const target = path.join(config.dataDir, 'pglite');
  const staging = path.join(config.dataDir, 'pglite.restoring');
  try {
    const occupied = existsSync(target) && readdirSync(target).length > 0;
    if (occupied && !values.force) {
      throw new RestoreRefused(
        `${target} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it ` +
          '(the current one is kept aside, not deleted).',
      );
    }
    rmSync(staging, { recursive: true, force: true });
    let summary: Awaited<ReturnType<typeof openBackup>>;
    try {
      summary = await openBackup(readFileSync(source), staging);
      flushTree(staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    let aside: string | undefined;
    if (occupied) {
      aside = `${target}.replaced-${stamp()}`;
      renameSync(target, aside);
    } else {
      rmSync(target, { recursive: true, force: true });
    }
    renameSync(staging, target);
    flushPath(config.dataDir);
    console.log(`restored ${source} into ${target}: ${describeSummary(summary)}`);
    if (aside) console.log(`the database it replaced is kept in ${aside} (delete it once you no longer need it)`);
    return 0;
  } finally {
    lock.release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = [RestoreRefused, BackupFileError, DataFolderBusy, ConfigError].some((type) => error instanceof type);
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
  },
);
