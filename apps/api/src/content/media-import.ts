import { execFile } from 'node:child_process';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { isValidMediaKey } from '../providers/media/media-store.ts';

const run = promisify(execFile);

export const MEDIA_EXTENSIONS = ['.mp4', '.webm', '.m4v', '.vtt'] as const;

export class MediaImportError extends Error {
  override name = 'MediaImportError';
}

/** A media key from a file name: lower-case letters, digits, dots and dashes ('My Lesson 1.MP4' → 'my-lesson-1.mp4'). */
export function keyFromFileName(file: string): string {
  const ext = path.extname(file).toLowerCase();
  const base = path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${base || 'media'}${ext}`;
}

/** The video's length in whole seconds from ffprobe, or null when ffprobe is not installed or cannot read it. */
export async function probeDurationSeconds(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
      { timeout: 15_000 },
    );
    const seconds = Number.parseFloat(stdout.trim());
    return Number.isFinite(seconds) ? Math.floor(seconds) : null;
  } catch {
    return null;
  }
}

export interface AddedMedia {
  key: string;
  bytes: number;
  durationSeconds: number | null;
}

/** Copies a video or caption file into the media store (content/media) under a safe key. */
export async function addMedia(
  mediaDir: string,
  file: string,
  options: { key?: string; force?: boolean } = {},
): Promise<AddedMedia> {
  const source = await stat(file).catch(() => null);
  if (!source?.isFile()) throw new MediaImportError(`${file}: no such file`);
  const ext = path.extname(file).toLowerCase();
  if (!(MEDIA_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new MediaImportError(
      `${file}: unsupported type ${ext || '(none)'}; use one of ${MEDIA_EXTENSIONS.join(', ')}`,
    );
  }
  const key = options.key ?? keyFromFileName(file);
  if (!isValidMediaKey(key)) {
    throw new MediaImportError(`${key}: a key is letters, digits, '.', '-' and '_' in '/'-separated parts`);
  }
  const target = path.join(mediaDir, key);
  if (!options.force && (await stat(target).catch(() => null))) {
    throw new MediaImportError(`${key} already exists in the media store; pass --force to replace it`);
  }
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(file, target);
  return { key, bytes: source.size, durationSeconds: ext === '.vtt' ? null : await probeDurationSeconds(target) };
}
