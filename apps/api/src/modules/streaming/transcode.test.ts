import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/support/test-clip.ts';
import { planLadder } from './ladder.ts';
import { FFMPEG_MISSING, findFfmpeg, SEGMENT_SECONDS, TranscodeError, transcodeToHls } from './transcode.ts';

const dirs: string[] = [];
const outDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hls-out-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A media file's first timestamp, in seconds, by ffprobe. */
async function startTime(ffprobe: string, file: string): Promise<number> {
  const { stdout } = await promisify(execFile)(ffprobe, [
    ...['-v', 'error', '-show_entries', 'format=start_time', '-of', 'default=nw=1:nk=1', file],
  ]);
  return Number(stdout.trim());
}

describe('the HLS ladder a source allows', () => {
  it('offers every rung up to the source, none above, and caps a 4K source at 1080p', () => {
    expect(planLadder(640, 360).map((r) => `${r.label} ${r.width}x${r.height}`)).toEqual([
      '240p 426x240',
      '360p 640x360',
    ]);
    expect(planLadder(1280, 720).map((r) => r.label)).toEqual(['240p', '360p', '480p', '720p']);
    expect(planLadder(3840, 2160).map((r) => `${r.label} ${r.width}x${r.height}`)).toEqual([
      '240p 426x240',
      '360p 640x360',
      '480p 854x480',
      '720p 1280x720',
      '1080p 1920x1080',
    ]);
  });

  it('keeps a 9:16 video upright: the rung is its width', () => {
    expect(planLadder(1080, 1920).map((r) => `${r.label} ${r.width}x${r.height}`)).toEqual([
      '240p 240x426',
      '360p 360x640',
      '480p 480x854',
      '720p 720x1280',
      '1080p 1080x1920',
    ]);
  });

  it('gives a source below 240p one rendition at its own size', () => {
    expect(planLadder(160, 90).map((r) => `${r.label} ${r.width}x${r.height}`)).toEqual(['90p 160x90']);
  });
});

// Each test runs ffmpeg: seconds alone, much longer while other suites share the cores.
describe('transcoding to HLS with ffmpeg', { timeout: 90_000 }, () => {
  it('makes each rendition with 4–6 s segments (the first cut in two), H.264/AAC codecs, a poster, and reports progress to 100%', async () => {
    const tools = await findFfmpeg();
    const source = await makeClip({ width: 640, height: 360, seconds: 9 });
    const out = await outDir();
    const progress: number[] = [];
    const result = await transcodeToHls(source, out, {
      tools,
      preset: 'ultrafast',
      onProgress: (p) => progress.push(p),
    });

    expect(result.source).toMatchObject({ width: 640, height: 360, hasAudio: true });
    expect(result.renditions.map((r) => r.label)).toEqual(['240p', '360p']);
    for (const rendition of result.renditions) {
      expect(rendition.codecs).toBe('avc1.4d401e,mp4a.40.2');
      expect(rendition.playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(rendition.playlist).toContain('#EXT-X-ENDLIST');
      const durations = [...rendition.playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      // 9 s: the first 4 s as two segments of one keyframe interval each (a quicker first frame), 4 s, the
      // last second.
      expect(durations.slice(0, 2)).toEqual([2, 2]);
      expect(durations.slice(2, -1).every((d) => d >= SEGMENT_SECONDS - 0.1 && d <= 6)).toBe(true);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(9, 0);
      expect(rendition.segments).toEqual(['seg-00000.ts', 'seg-00001.ts', 'seg-00002.ts', 'seg-00003.ts']);
      expect(await readdir(rendition.dir)).toEqual(expect.arrayContaining(rendition.segments));
      // The cut kept the timestamps: each segment starts where the one before it ends.
      const starts = await Promise.all(
        rendition.segments.slice(0, 3).map((s) => startTime(tools.ffprobe, path.join(rendition.dir, s))),
      );
      expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBeCloseTo(2, 1);
      expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBeCloseTo(2, 1);
      expect(rendition.bandwidth).toBeGreaterThan(0);
    }
    const [low, high] = result.renditions;
    expect(high?.bandwidth).toBeGreaterThan(low?.bandwidth ?? Number.POSITIVE_INFINITY);
    expect(path.basename(result.poster)).toBe('poster.jpg');
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('fails clearly when ffmpeg is missing', async () => {
    await expect(findFfmpeg('/nonexistent')).rejects.toThrow(FFMPEG_MISSING);
  });

  it('refuses a file that is not a video with a TranscodeError', async () => {
    const out = await outDir();
    const notVideo = path.join(out, 'notes.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(notVideo, 'not a video at all'));
    await expect(transcodeToHls(notVideo, path.join(out, 'x'), { tools: await findFfmpeg() })).rejects.toBeInstanceOf(
      TranscodeError,
    );
  });
});
