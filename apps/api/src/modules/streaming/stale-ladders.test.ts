import { adminCourseDetailSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { hlsRenditions, lessons } from '../../db/schema.ts';
import { asLearner, createLearner, enroll } from '../learning/test-support.ts';
import { giveLessonClip, parseSignedVideo, transcodeNow } from './test-support.ts';

const COURSE = 'vector-databases';
const LESSON = 'vector-databases-02';
/** Two seconds at 240p: one rendition, one segment, quick to transcode. */
const CLIP = { width: 426, height: 240, seconds: 2 };

type Ladder = Awaited<ReturnType<typeof transcodeNow>>;

// Each test runs ffmpeg on two short clips: seconds alone, longer while other suites share the cores.
describe('old HLS ladders leave the media store', { timeout: 90_000 }, () => {
  const ctx = useTestApp();

  /** The poster and every segment of a ladder, as stored. */
  const filesOf = (ladder: Ladder) =>
    ladder.flatMap((r) => [
      r.posterKey,
      ...r.playlist
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((segment) => `${r.posterKey.replace(/poster\.jpg$/, '')}${r.label}/${segment}`),
    ]);
  const stored = async (keys: string[]) =>
    (await Promise.all(keys.map((key) => ctx.app.deps.media.stat(key)))).filter(Boolean).length;
  const rowsOf = async (setId: string) =>
    (await ctx.database.db.select().from(hlsRenditions).where(eq(hlsRenditions.setId, setId))).length;

  it("a replaced video's ladder stays until the new upload's ladder is ready, then goes with its files", async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const open = async () =>
      parseSignedVideo((await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/signed-url`)).json());

    const old = await transcodeNow(ctx, await giveLessonClip(ctx, LESSON, CLIP));
    const oldSet = old[0]?.setId ?? '';
    const oldFiles = filesOf(old);
    expect(oldFiles.length).toBeGreaterThan(1);
    expect(await stored(oldFiles)).toBe(oldFiles.length);
    const before = await open();
    expect(before.hls?.url).toContain(`.${oldSet}.`);

    // A new upload: the lesson plays its MP4 at once; the old ladder is not removed yet.
    const newKey = await giveLessonClip(ctx, LESSON, CLIP);
    expect((await open()).hls).toBeNull();
    expect(await rowsOf(oldSet)).toBe(1);
    expect(await stored(oldFiles)).toBe(oldFiles.length);

    const fresh = await transcodeNow(ctx, newKey);
    expect(await rowsOf(oldSet)).toBe(0);
    expect(await stored(oldFiles)).toBe(0);
    expect(await stored(filesOf(fresh))).toBe(filesOf(fresh).length);
    const after = await open();
    expect(after.hls?.url).toContain(`.${fresh[0]?.setId}.`);
    expect(
      (await asLearner(ctx, learner).get(after.hls?.url.replace('master.m3u8', '240p/seg-00000.ts') ?? '')).statusCode,
    ).toBe(200);
    // A session still on the old ladder gets a 404 for its segments (the player offers Retry, which reopens).
    const oldSegment = before.hls?.url.replace('master.m3u8', '240p/seg-00000.ts') ?? '';
    expect((await asLearner(ctx, learner).get(oldSegment)).statusCode).toBe(404);
  });

  it("a discarded draft's lesson takes its own video's ladder with it, and leaves the published one", async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const published = await transcodeNow(ctx, await giveLessonClip(ctx, LESSON, CLIP));
    const version = async () =>
      adminCourseDetailSchema.parse((await callAs(ctx, admin, 'GET', `/admin/courses/${COURSE}`)).json()).version;
    // An edit of the published course opens its draft: a copy of every lesson.
    const edited = await callAs(ctx, admin, 'PATCH', `/admin/courses/${COURSE}`, {
      version: await version(),
      description: 'A draft whose lesson gets a new video.',
    });
    expect(edited.statusCode).toBe(200);
    const [draftLesson] = await ctx.database.db.select().from(lessons).where(eq(lessons.draftOf, LESSON));
    expect(draftLesson).toBeDefined();
    // The draft's lesson gets a video of its own (as an upload into the draft does), and its ladder.
    const draftKey = `uploads/test/draft-${Date.now()}.mp4`;
    const source = await ctx.app.deps.media.read(published[0]?.sourceKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(chunk as Buffer);
    await ctx.app.deps.media.put(draftKey, { bytes: Buffer.concat(chunks) });
    await ctx.database.db
      .update(lessons)
      .set({ videoRef: draftKey })
      .where(eq(lessons.id, draftLesson?.id ?? ''));
    const drafted = await transcodeNow(ctx, draftKey);
    // Recording it removed nothing: the published lesson still plays its own.
    expect(await rowsOf(published[0]?.setId ?? '')).toBe(1);

    const discarded = await callAs(ctx, admin, 'POST', `/admin/courses/${COURSE}/discard-draft`, {
      version: await version(),
    });
    expect(discarded.statusCode).toBe(200);
    expect(await rowsOf(drafted[0]?.setId ?? '')).toBe(0);
    expect(await stored(filesOf(drafted))).toBe(0);
    expect(await rowsOf(published[0]?.setId ?? '')).toBe(1);
    expect(await stored(filesOf(published))).toBe(filesOf(published).length);
  });
});
