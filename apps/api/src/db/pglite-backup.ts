import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite.ts';

/**
 * Backups of the embedded database (PGlite). PGlite is one PostgreSQL backend living inside the server process,
 * so only that process can copy its data folder consistently: `npm run backup` asks it to (POST
 * /operator/backup), or opens the folder itself when no server runs. decisions/015 explains the choices.
 */

/**
 * The data folder as an uncompressed tar, taken between two transactions. Every query and transaction the app
 * runs waits for PGlite's transaction lock, which `transaction()` holds here for the whole copy: each write the
 * app committed (and acknowledged) before is in the copy in full, none that came after is in it at all.
 * CHECKPOINT first writes every committed page into the data files, so the copy opens without replaying much
 * WAL (its WAL is in the copy too). Queries wait meanwhile: about 0.3 s for a 60 MB folder.
 */
export async function snapshotPglite(client: PGlite): Promise<Uint8Array> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const tar = await client.dumpDataDir('none');
    return new Uint8Array(await tar.arrayBuffer());
  });
}

export interface BackupSummary {
  migrations: number;
  courses: number;
  learners: number;
  enrollments: number;
  progressRows: number;
  contactMessages: number;
}

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/**
 * Opens a backup (a tar or gzipped tar of a PGlite data folder) into `dataDir`, or in memory when it is
 * undefined, and answers what it holds. Refuses a file that does not open as this platform's database.
 */
export async function openBackup(bytes: Uint8Array, dataDir?: string): Promise<BackupSummary> {
  let client: PGlite | undefined;
  try {
    const loadDataDir = new Blob([bytes as Uint8Array<ArrayBuffer>]);
    // With the schema's extensions: a backup's indexes may need them (and one taken before them opens all the same).
    client = openPglite(dataDir ? { dataDir, loadDataDir } : { loadDataDir });
    await client.waitReady;
    const { rows } = await client.query<Record<keyof BackupSummary, number>>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
              (select count(*)::int from courses) as courses,
              (select count(*)::int from users) as learners,
              (select count(*)::int from enrollments) as enrollments,
              (select count(*)::int from lesson_progress) as "progressRows",
              (select count(*)::int from contact_messages) as "contactMessages"`,
    );
    const summary = rows[0];
    if (!summary) throw new Error('no answer');
    return summary;
  } catch (error) {
    throw new BackupFileError(
      `This file does not open as a backup of the platform's database (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    await client?.close().catch(() => {});
  }
}

export function describeSummary(summary: BackupSummary): string {
  return (
    `${summary.learners} learners, ${summary.enrollments} enrollments, ${summary.progressRows} lesson progress ` +
    `rows, ${summary.contactMessages} contact messages, ${summary.courses} courses, ${summary.migrations} migrations`
  );
}

/**
 * Flushes every file and folder under `dir` to the disk. PGlite itself never does (it runs PostgreSQL with fsync
 * off and its Node file system has no fsync: electric-sql/pglite#1107), so a restored folder is flushed before it
 * is put in place, and a machine losing power just after a restore does not lose it.
 */
export function flushTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) flushTree(full);
    else if (entry.isFile()) flushPath(full);
  }
  flushPath(dir);
}

/** Flushes one file, or a folder's entries (a rename in it), to the disk. */
export function flushPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
