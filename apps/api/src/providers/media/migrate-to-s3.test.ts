import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from '../../../test/s3/s3-server.ts';
import { createLocalMediaStore } from './local-media-store.ts';
import { type MigrationProgress, migrateToS3 } from './migrate-to-s3.ts';
import { createS3MediaStore, sha256OfStream } from './s3-media-store.ts';

let s3: S3TestServer;
const root = mkdtempSync(path.join(tmpdir(), 'kaushal-migrate-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A local store with a file in each of its folders (and a hidden file and an oddly named one, which are not media). */
function localStore() {
  const files: Record<string, string> = {
    'content/lesson-a.mp4': 'video a '.repeat(5000),
    'content/lesson-a.en.vtt': 'WEBVTT\n',
    'content/.DS_Store': 'finder',
    'generated/abc123/lesson.mp4': 'generated '.repeat(3000),
    'data-media/uploads/course-1/l1-aa.mp4': 'upload '.repeat(4000),
    'data-media/uploads/course-1/l1-en-bb.vtt': 'WEBVTT\n\nNOTE uploaded\n',
    'data-media/stray.txt': 'not under uploads/: never served',
    'thumbnails/uploads/course-1-cc.webp': 'webp bytes',
    'resources/week-1/data.csv': 'a,b\n1,2\n',
    'resources/with space.csv': 'not a valid key',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return createLocalMediaStore({
    secret: 'a-test-secret-that-is-long-enough-000000',
    basePath: '/media',
    contentDir: path.join(root, 'content'),
    generatedDir: path.join(root, 'generated'),
    writableDir: path.join(root, 'data-media'),
    thumbnailsDir: path.join(root, 'thumbnails'),
    resourcesDir: path.join(root, 'resources'),
  });
}

const KEYS = [
  'generated/abc123/lesson.mp4',
  'lesson-a.en.vtt',
  'lesson-a.mp4',
  'resources/week-1/data.csv',
  'thumbnails/uploads/course-1-cc.webp',
  'uploads/course-1/l1-aa.mp4',
  'uploads/course-1/l1-en-bb.vtt',
];

describe('npm run media -- migrate-to-s3', () => {
  it('copies every key of the local store, goes on after an interruption, and skips what is there', async () => {
    const local = localStore();
    const listed = [];
    for await (const object of local.list()) listed.push(object.key);
    expect(listed.sort()).toEqual(KEYS);

    const target = createS3MediaStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
    });
    // One key is there already with other bytes of the same size (a copy from an older version of the file).
    const stale = Buffer.from('upload '.repeat(4000).replace('u', 'U'));
    await target.upload(
      'uploads/course-1/l1-aa.mp4',
      stale,
      stale.length,
      createHash('sha256').update(stale).digest('hex'),
    );

    // The first run is stopped (Ctrl-C) after three objects.
    const stop = new AbortController();
    const first: MigrationProgress[] = [];
    const interrupted = await migrateToS3(local, target, {
      signal: stop.signal,
      onProgress(progress) {
        first.push(progress);
        if (first.length === 3) stop.abort();
      },
    });
    expect(interrupted.interrupted).toBe(true);
    expect(first).toHaveLength(3);

    // The second run copies the rest, and skips the three that arrived whole.
    const second: MigrationProgress[] = [];
    const resumed = await migrateToS3(local, target, { onProgress: (p) => second.push(p) });
    expect(resumed).toMatchObject({ interrupted: false, failed: 0, skipped: 3 });
    expect(second.filter((p) => p.outcome === 'skipped').map((p) => p.key)).toEqual(first.map((p) => p.key));
    const outcomes = new Map(
      [...first, ...second.filter((p) => p.outcome !== 'skipped')].map((p) => [p.key, p.outcome]),
    );
    expect([...outcomes.keys()].sort()).toEqual(KEYS);
    expect(outcomes.get('uploads/course-1/l1-aa.mp4')).toBe('replaced');

    // Every object in the bucket has the local bytes, and its SHA-256 recorded.
    for (const key of KEYS) {
      const localSha = await sha256OfStream(await local.read(key));
      expect(await sha256OfStream(await target.read(key)), key).toBe(localSha);
      expect(await target.stat(key)).toMatchObject({ sha256: localSha });
    }

    // A third run has nothing to do.
    expect(await migrateToS3(local, target)).toMatchObject({ copied: 0, replaced: 0, skipped: KEYS.length, failed: 0 });
  });
});
