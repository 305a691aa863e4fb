import { randomBytes } from 'node:crypto';
import { signedVideoSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import { makeClip } from '../../../test/support/test-clip.ts';
import { hlsRenditions, lessons } from '../../db/schema.ts';
import { transcodeSource } from './transcode-job.ts';

/** Test-only: the HLS tests' lessons, given a fresh test clip as their video and (unless `queue`) its ladder. */
export async function giveLessonClip(
  ctx: TestContext,
  lessonId: string,
  clip: Parameters<typeof makeClip>[0] = { width: 426, height: 240, seconds: 3 },
): Promise<string> {
  const key = `uploads/test/${lessonId}-${randomBytes(6).toString('hex')}.mp4`;
  await ctx.app.deps.media.put(key, { file: await makeClip(clip) });
  await ctx.database.db.update(lessons).set({ videoRef: key, videoType: 'direct' }).where(eq(lessons.id, lessonId));
  return key;
}

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Transcodes the lesson's clip in the test's process (ultrafast), as the job would. */
export async function transcodeNow(ctx: TestContext, key: string) {
  const outcome = await transcodeSource(
    { db: ctx.database.db, media: ctx.app.deps.media, log: silentLog, preset: 'ultrafast' },
    key,
  );
  expect(outcome).toBe('ready');
  return ctx.database.db.select().from(hlsRenditions).where(eq(hlsRenditions.sourceKey, key));
}

export const parseSignedVideo = (body: unknown) => signedVideoSchema.parse(body);
