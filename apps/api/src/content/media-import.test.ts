import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';
import { addMedia, keyFromFileName } from './media-import.ts';

const hasFfprobe = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const sample = path.join(repoRoot, 'content/media/lesson-short.mp4');

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kaushal-media-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('media add', () => {
  it('makes a safe key from a file name', () => {
    expect(keyFromFileName('/videos/My Lesson 1 (final).MP4')).toBe('my-lesson-1-final.mp4');
    expect(keyFromFileName('../../etc/passwd.mp4')).toBe('passwd.mp4');
  });

  it('copies the file under its key and refuses to overwrite without --force', async () => {
    const nested = await addMedia(dir, sample, { key: 'week-1/intro.mp4' });
    expect(readFileSync(path.join(dir, 'week-1/intro.mp4')).length).toBe(nested.bytes);
    const flat = await addMedia(dir, sample);
    expect(flat.key).toBe('lesson-short.mp4');
    expect(readFileSync(path.join(dir, flat.key)).equals(readFileSync(sample))).toBe(true);
    await expect(addMedia(dir, sample)).rejects.toThrow('already exists');
    await expect(addMedia(dir, sample, { force: true })).resolves.toMatchObject({ key: 'lesson-short.mp4' });
  });

  it('refuses unknown types, missing files and unsafe keys', async () => {
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'hello');
    await expect(addMedia(dir, text)).rejects.toThrow('unsupported type .txt');
    await expect(addMedia(dir, path.join(dir, 'missing.mp4'))).rejects.toThrow('no such file');
    await expect(addMedia(dir, sample, { key: '../escape.mp4' })).rejects.toThrow('a key is letters');
  });

  it.runIf(hasFfprobe)('reports the duration measured by ffprobe', async () => {
    expect((await addMedia(dir, sample)).durationSeconds).toBe(64);
  });
});
