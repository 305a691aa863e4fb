import { execFile } from 'node:child_process';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { MAX_RESOURCE_BYTES, RESOURCE_EXTENSIONS, resourceExtensionOf } from '@kaushal/contract';
import { isValidMediaKey } from '../providers/media/media-store.ts';
import { checkResourceFile } from './resource-check.ts';

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

/**
 * Copies a lesson resource (a notebook, PDF or dataset) into content/resources under a safe name, checked as a
 * console upload is: a lesson then lists it as `"resources": [{ "title": …, "file": <name> }]`, and the media
 * store serves it as `resources/<name>`.
 */
export async function addResourceFile(
  resourcesDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ file: string; bytes: number }> {
  const source = await stat(file).catch(() => null);
  if (!source?.isFile()) throw new MediaImportError(`${file}: no such file`);
  const ext = resourceExtensionOf(file);
  if (!ext) {
    throw new MediaImportError(`${file}: a lesson can offer ${RESOURCE_EXTENSIONS.join(', ')} files only`);
  }
  if (source.size > MAX_RESOURCE_BYTES) throw new MediaImportError(`${file}: larger than 100 MB`);
  const check = await checkResourceFile(file, ext, source.size);
  if (!check.ok) throw new MediaImportError(`${file}: ${check.detail}`);
  const name = keyFromFileName(file);
  const target = path.join(resourcesDir, name);
  if (!options.force && (await stat(target).catch(() => null))) {
    throw new MediaImportError(`resources/${name} already exists; pass --force to replace it`);
  }
  await mkdir(resourcesDir, { recursive: true });
  await copyFile(file, target);
  return { file: name, bytes: source.size };
}
