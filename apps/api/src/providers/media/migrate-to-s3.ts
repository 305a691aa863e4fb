import type { MediaStore } from './media-store.ts';
import { type S3MediaStore, sha256OfStream } from './s3-media-store.ts';

export interface MigrationProgress {
  key: string;
  size: number;
  /** copied: new in the bucket; replaced: there with other bytes; skipped: there with the same SHA-256. */
  outcome: 'copied' | 'replaced' | 'skipped' | 'failed';
  error?: string;
}

export interface MigrationSummary {
  copied: number;
  replaced: number;
  skipped: number;
  failed: number;
  bytesCopied: number;
  /** True when the signal stopped the run before the end: run it again to go on. */
  interrupted: boolean;
}

/**
 * Copies every object of the local media store into the bucket under the same key (decision 033). Resumable: an
 * object already in the bucket with the same size and SHA-256 (recorded as metadata when it was copied) is
 * skipped, and each PUT is whole or absent, so a run stopped anywhere is continued by running it again. Each copy
 * is read back from the bucket and its SHA-256 compared; one that differs is deleted again and reported failed.
 */
export async function migrateToS3(
  source: MediaStore,
  target: S3MediaStore,
  options: { onProgress?: (progress: MigrationProgress) => void; signal?: AbortSignal } = {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = {
    copied: 0,
    replaced: 0,
    skipped: 0,
    failed: 0,
    bytesCopied: 0,
    interrupted: false,
  };
  for await (const { key, size } of source.list()) {
    if (options.signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    let outcome: MigrationProgress['outcome'];
    let error: string | undefined;
    try {
      outcome = await copyOne(source, target, key, size);
    } catch (failure) {
      outcome = 'failed';
      error = failure instanceof Error ? failure.message : String(failure);
    }
    summary[outcome] += 1;
    if (outcome === 'copied' || outcome === 'replaced') summary.bytesCopied += size;
    options.onProgress?.({ key, size, outcome, ...(error ? { error } : {}) });
  }
  return summary;
}

async function copyOne(source: MediaStore, target: S3MediaStore, key: string, size: number) {
  const sha256 = await sha256OfStream(await source.read(key));
  const there = await target.stat(key);
  if (there && there.size === size && there.sha256 === sha256) return 'skipped';
  await target.upload(key, await source.read(key), size, sha256);
  const readBack = await sha256OfStream(await target.read(key));
  if (readBack !== sha256) {
    await target.discard(key);
    throw new Error(`the bucket's copy has SHA-256 ${readBack}, not ${sha256}: deleted, run again`);
  }
  return there ? 'replaced' : 'copied';
}
