import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { API_PREFIX, endpoints } from '@kaushal/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { currentHolder, DataFolderBusy, lockDataFolder } from '../db/data-folder-lock.ts';
import { BackupFileError, describeSummary, flushPath, openBackup } from '../db/pglite-backup.ts';

/**
 * `npm run backup [-- --out FILE]`: a consistent snapshot of the embedded database (PGlite in DATA_DIR) as a
 * gzipped tar, default DATA_DIR/backups/kaushal-<UTC time>.tar.gz. While the server runs, the server takes it
 * (POST /operator/backup with DATA_DIR/secrets/backup-token; it finds the server through DATA_DIR/pglite.lock);
 * otherwise this command opens the folder itself. The file is written aside, opened in memory to prove it
 * restores, and only then given its name. PostgreSQL is backed up with pg_dump (docs/production.md).
 */
class BackupError extends Error {
  override name = 'BackupError';
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Asks the running server for the snapshot and streams it into `file`. */
async function fromServer(url: string, token: string | undefined, file: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${url}${API_PREFIX}${endpoints.backup.path}`, {
      method: endpoints.backup.method,
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
  } catch (error) {
    throw new BackupError(
      `The server named in DATA_DIR/pglite.lock does not answer at ${url} (${(error as Error).message}). ` +
        'If it is still starting, try again in a moment.',
    );
  }
  if (res.status !== 200 || !res.body) {
    const answer = (await res.json().catch(() => ({}))) as { detail?: string };
    throw new BackupError(`The server refused the backup (${res.status}): ${answer.detail ?? 'no detail'}`);
  }
  await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), createWriteStream(file, { mode: 0o600 }));
}

/** No server runs: this process takes the folder, copies it the same way the server would, and lets go. */
async function fromFolder(dataDir: string, file: string): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${pgliteDir} to back up.`);
  }
  const lock = lockDataFolder(dataDir, 'backup');
  try {
    const database = await openDatabase({ pgliteDir });
    let tar: Uint8Array;
    try {
      tar = await (database.snapshot as () => Promise<Uint8Array>)();
    } finally {
      await database.close();
    }
    await pipeline(Readable.from([tar]), createGzip(), createWriteStream(file, { mode: 0o600 }));
  } finally {
    lock.release();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/production.md, section 3).');
    return 2;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const out = values.out
    ? path.resolve(cwd, values.out)
    : path.join(config.dataDir, 'backups', `kaushal-${stamp()}.tar.gz`);
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  try {
    const holder = currentHolder(config.dataDir);
    let how: string;
    if (holder?.holder === 'server' && holder.url) {
      await fromServer(holder.url, config.backupToken, partial);
      how = `taken by the running server (${holder.url})`;
    } else if (holder) {
      throw new DataFolderBusy(config.dataDir, holder);
    } else {
      await fromFolder(config.dataDir, partial);
      how = 'taken from the data folder (no server was running)';
    }
    flushPath(partial);
    const bytes = readFileSync(partial);
    const summary = await openBackup(bytes);
    renameSync(partial, out);
    flushPath(path.dirname(out));
    console.log(`backup written: ${out} (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB), ${how}`);
    console.log(`it opens and holds ${describeSummary(summary)}`);
    return 0;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = [BackupError, BackupFileError, DataFolderBusy, ConfigError].some((type) => error instanceof type);
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
  },
);
