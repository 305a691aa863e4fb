import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A short test-pattern clip made with ffmpeg (lavfi testsrc2, ultrafast): the HLS tests' sources. Tiny on
 * purpose (a few seconds, low resolution and frame rate) so a transcode takes about a second.
 */
export async function makeClip(
  options: { width?: number; height?: number; seconds?: number; audio?: boolean; rate?: number } = {},
): Promise<string> {
  const { width = 640, height = 360, seconds = 4, audio = true, rate = 10 } = options;
  const dir = await mkdtemp(path.join(tmpdir(), 'hls-clip-'));
  const file = path.join(dir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}`],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'] : []),
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(audio ? ['-c:a', 'aac', '-b:a', '32k'] : []),
    ...['-movflags', '+faststart', file],
  ]);
  return file;
}
