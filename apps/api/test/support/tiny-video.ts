import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
let made: Promise<Buffer> | undefined;

/**
 * A real video of about 4 KB, made with ffmpeg (from apt) once per test process: one second of test pattern,
 * 64 x 36, H.264 in MP4. Small enough to finish a tus upload in one PATCH wherever a test needs an upload that
 * ends in a lesson's video (the access matrix, the hostile suite, the audit test).
 */
export function tinyVideo(): Promise<Buffer> {
  made ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tiny-video-'));
    const file = path.join(dir, 'tiny.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=10', '-t', '1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ]);
    const bytes = await readFile(file);
    await rm(dir, { recursive: true, force: true });
    return bytes;
  })();
  return made;
}

/** tus Upload-Metadata: each value base64, pairs joined by commas. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
