import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { makeClip } from '../../../test/support/test-clip.ts';
import { hlsRenditions, lessons } from '../../db/schema.ts';
import { asLearner, createLearner, enroll } from '../learning/test-support.ts';
import { giveLessonClip, parseSignedVideo, silentLog, transcodeNow } from './test-support.ts';
import { TranscodeError } from './transcode.ts';
import { hlsPrefix, transcodeSource } from './transcode-job.ts';

const COURSE = 'vector-databases';
const LESSON = 'vector-databases-02';

/** Bad input and faults around the HLS ladder (decision 034), each on a tiny generated clip. */
// Each test runs ffmpeg: seconds alone, much longer while other suites share the cores.
describe('HLS transcoding: bad input and faults', { timeout: 90_000 }, () => {
  const ctx = useTestApp();
  const deps = () => ({ db: ctx.database.db, media: ctx.app.deps.media, log: silentLog, preset: 'ultrafast' });
  const rowsOf = (key: string) => ctx.database.db.select().from(hlsRenditions).where(eq(hlsRenditions.sourceKey, key));
  const mediaDir = () => ctx.app.deps.config.mediaDir;

  it('a video without audio gets video-only renditions that play', async () => {
    const rows = await transcodeNow(
      ctx,
      await giveLessonClip(ctx, LESSON, { width: 426, height: 240, seconds: 3, audio: false }),
    );
    expect(rows.map((r) => r.codecs)).toEqual(['avc1.4d401e']);
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const { hls } = parseSignedVideo(
      (await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/signed-url`)).json(),
    );
    const segment = await asLearner(ctx, learner).get(hls?.url.replace('master.m3u8', '240p/seg-00000.ts') ?? '');
    expect(segment.statusCode).toBe(200);
  });

  it('a 9:16 video keeps its shape in every rendition', async () => {
    const rows = await transcodeNow(ctx, await giveLessonClip(ctx, LESSON, { width: 360, height: 640, seconds: 2 }));
    expect(rows.map((r) => `${r.label} ${r.width}x${r.height}`).sort()).toEqual(['240p 240x426', '360p 360x640']);
  });

  it('a 4K source is capped at 1080p, with every rung below it', async () => {
    const rows = await transcodeNow(
      ctx,
      await giveLessonClip(ctx, LESSON, { width: 3840, height: 2160, seconds: 2, rate: 2, audio: false }),
    );
    expect(rows.map((r) => `${r.label} ${r.width}x${r.height}`).sort()).toEqual([
      '1080p 1920x1080',
      '240p 426x240',
      '360p 640x360',
      '480p 854x480',
      '720p 1280x720',
    ]);
  }, 120_000);

  it('a corrupt or truncated source fails the job clearly and leaves nothing behind; the MP4 stays', async () => {
    // Faststart: the index at the front still claims all 3 s; half the frames are gone.
    const clip = await makeClip({ width: 426, height: 240, seconds: 3 });
    const bytes = await readFile(clip);
    const truncated = path.join(path.dirname(clip), 'truncated.mp4');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const key = `uploads/test/truncated-${Date.now()}.mp4`;
    await ctx.app.deps.media.put(key, { file: truncated });
    await ctx.database.db.update(lessons).set({ videoRef: key }).where(eq(lessons.id, LESSON));
    const errors: string[] = [];
    await expect(
      transcodeSource({ ...deps(), log: { ...silentLog, error: (m: string) => errors.push(m) } }, key),
    ).rejects.toBeInstanceOf(TranscodeError);
    expect(errors.join('\n')).toMatch(/video transcode of uploads\/test\/truncated-\d+\.mp4 failed: .*cut short/);
    expect(await rowsOf(key)).toEqual([]);
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const video = parseSignedVideo((await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/signed-url`)).json());
    expect(video.hls).toBeNull();
    expect(video.url).toContain(key);
  });

  it('an upload replaced while it is transcoded: its ladder is not recorded and its files are removed', async () => {
    const key = await giveLessonClip(ctx, LESSON, { width: 640, height: 360, seconds: 4 });
    const replaced = { done: Promise.resolve() };
    const log = {
      ...silentLog,
      info: (message: string) => {
        // ffmpeg has started: the lesson gets another video meanwhile.
        if (message.endsWith(': started')) {
          replaced.done = ctx.database.db
            .update(lessons)
            .set({ videoRef: 'lesson-short.mp4' })
            .where(eq(lessons.id, LESSON))
            .then(() => {});
        }
      },
    };
    const outcome = await transcodeSource({ ...deps(), log }, key);
    await replaced.done;
    expect(outcome).toBe('gone');
    expect(await rowsOf(key)).toEqual([]);
  });

  it('an upload deleted from the store before its job runs: nothing to do, no error', async () => {
    const key = await giveLessonClip(ctx, LESSON);
    await ctx.app.deps.media.remove(key);
    expect(await transcodeSource(deps(), key)).toBe('gone');
    expect(await rowsOf(key)).toEqual([]);
  });

  it('missing ffmpeg fails the job with what to install', async () => {
    const key = await giveLessonClip(ctx, LESSON);
    const errors: string[] = [];
    await expect(
      transcodeSource(
        { ...deps(), searchPath: '/nonexistent', log: { ...silentLog, error: (m: string) => errors.push(m) } },
        key,
      ),
    ).rejects.toThrow('ffmpeg is not installed');
    expect(errors.join('\n')).toContain('apt-get install ffmpeg');
  });

  it('storage unavailable during playback: the segment answers 404 with a clear error, the playlist still 200', async () => {
    const key = await giveLessonClip(ctx, LESSON);
    const [row] = await transcodeNow(ctx, key);
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const { hls } = parseSignedVideo(
      (await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/signed-url`)).json(),
    );
    const file = path.join(mediaDir(), hlsPrefix(row?.setId ?? ''), '240p', 'seg-00000.ts');
    expect(existsSync(file)).toBe(true);
    await ctx.app.deps.media.remove(`${hlsPrefix(row?.setId ?? '')}/240p/seg-00000.ts`);
    const res = await asLearner(ctx, learner).get(hls?.url.replace('master.m3u8', '240p/seg-00000.ts') ?? '');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await asLearner(ctx, learner).get(hls?.url ?? '')).statusCode).toBe(200);
  });
});
