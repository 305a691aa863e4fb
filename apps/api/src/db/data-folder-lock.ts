import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who has the embedded database's folder open. PGlite is a database inside one process: a second process
 * opening the same folder (a second server, a restore while the server runs) would corrupt it. The holder
 * writes DATA_DIR/pglite.lock (created exclusively) naming its process, and the server adds the address where
 * it listens, which is how `npm run backup` finds it. A lock whose process is gone (killed, power cut) is
 * stale and taken over.
 */

export type LockHolder = 'server' | 'backup' | 'restore' | 'seed' | 'content' | 'admin';

export interface LockInfo {
  pid: number;
  holder: LockHolder;
  since: string;
  /** The server's address, once it listens. */
  url?: string;
}

export class DataFolderBusy extends Error {
  override name = 'DataFolderBusy';
  constructor(
    readonly dataDir: string,
    readonly info: LockInfo,
  ) {
    super(
      info.holder === 'server'
        ? info.url
          ? `The server (process ${info.pid}, ${info.url}) is using the database in ${dataDir}. Stop it first.`
          : `The server (process ${info.pid}) is starting on the database in ${dataDir}. Try again once it is ready, or stop it.`
        : `\`${info.holder}\` (process ${info.pid}) is using the database in ${dataDir}. Try again when it has finished.`,
    );
  }
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'pglite.lock');

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readInfo(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return Number.isInteger(info.pid) && info.pid > 0 ? info : null;
  } catch {
    return null;
  }
}

/** The live holder of the folder, or null when nobody holds it (no lock, or a stale one). */
export function currentHolder(dataDir: string): LockInfo | null {
  const info = readInfo(lockFile(dataDir));
  return info && info.pid !== process.pid && isAlive(info.pid) ? info : null;
}

export interface DataFolderLock {
  /** Records the server's address for `npm run backup`. */
  setUrl(url: string): void;
  /** Removes the lock if it is still ours; also done when the process exits. */
  release(): void;
}

/** Writes the lock's whole content aside first, so nobody ever reads it half written. */
function writeAside(file: string, info: LockInfo): string {
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, JSON.stringify(info), { mode: 0o600 });
  return aside;
}

/** Takes the folder for this process, or throws DataFolderBusy naming the live holder. */
export function lockDataFolder(dataDir: string, holder: LockHolder): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const info: LockInfo = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    const aside = writeAside(file, info);
    try {
      // link() fails if the lock exists: an exclusive creation of a file already whole.
      linkSync(aside, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
      const other = readInfo(file);
      if (other && other.pid !== process.pid && isAlive(other.pid)) throw new DataFolderBusy(dataDir, other);
      // Stale (its process is gone) or unreadable: take it over.
      try {
        unlinkSync(file);
      } catch (gone) {
        if ((gone as NodeJS.ErrnoException).code !== 'ENOENT') throw gone;
      }
    } finally {
      unlinkSync(aside);
    }
  }
  const ours = () => readInfo(file)?.pid === process.pid;
  const release = () => {
    try {
      if (ours()) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return {
    setUrl(url) {
      if (ours()) renameSync(writeAside(file, { ...info, url }), file);
    },
    release() {
      process.off('exit', release);
      release();
    },
  };
}
