import { lessonDetailSchema, signedVideoSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { videoSessions } from '../../db/schema.ts';
import { advance, asLearner, createLearner, enroll } from './test-support.ts';

const FREE_LESSON = 'rag-from-scratch-01';
const PAID_LESSON = 'rag-from-scratch-03';
const COURSE = 'rag-from-scratch';

describe('GET /lessons/:id and /lessons/:id/signed-url', () => {
  const ctx = useTestApp();

  it('answers 401 to a visitor who is not signed in, even for a free lesson', async () => {
    for (const url of [`/api/v1/lessons/${FREE_LESSON}`, `/api/v1/lessons/${FREE_LESSON}/signed-url`]) {
      const res = await asLearner(ctx, null).get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Please sign in to continue.', code: 'unauthorized' });
    }
    expect(await ctx.database.db.select().from(videoSessions)).toHaveLength(0);
  });

  it('gives a signed-in learner a free lesson with its captions, signed, and where to resume', async () => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).get('/api/v1/lessons/ai-agents-tool-use-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lesson = lessonDetailSchema.parse(res.json());
    expect(lesson).toMatchObject({
      id: 'ai-agents-tool-use-01',
      courseId: 'ai-agents-tool-use',
      title: 'What makes something an agent',
      isFree: true,
      duration: '1:36',
      durationSeconds: 96,
      video_type: 'direct',
      resumeSeconds: 0,
      completed: false,
    });
    expect(lesson.video_url).toMatch(/^\/api\/v1\/media\/lesson-intro\.mp4\?exp=\d+&sig=[\w-]{43}$/);
    expect(lesson.captions).toEqual([
      { lang: 'en', label: 'English', url: expect.stringMatching(/^\/api\/v1\/media\/lesson-intro\.en\.vtt\?exp=/) },
    ]);
    const caption = await asLearner(ctx, null).get(lesson.captions[0]?.url ?? '');
    expect(caption.statusCode).toBe(200);
    expect(caption.headers['content-type']).toContain('text/vtt');
    expect(caption.body.startsWith('WEBVTT')).toBe(true);
  });

  it('refuses a paid lesson to a learner who is not enrolled, with the spec text', async () => {
    const learner = await createLearner(ctx);
    for (const url of [`/api/v1/lessons/${PAID_LESSON}`, `/api/v1/lessons/${PAID_LESSON}/signed-url`]) {
      const res = await asLearner(ctx, learner).get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Please enroll in the course to access this lesson.',
        code: 'enrollment_required',
      });
    }
    expect(await ctx.database.db.select().from(videoSessions)).toHaveLength(0);
  });

  it('plays a paid lesson while weekly access lasts, and no longer once it has expired', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE, {
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() + 60 * 60 * 1000),
    });
    const before = await asLearner(ctx, learner).get(`/api/v1/lessons/${PAID_LESSON}/signed-url`);
    expect(before.statusCode).toBe(200);

    advance(ctx, 2 * 60 * 60);
    for (const url of [`/api/v1/lessons/${PAID_LESSON}`, `/api/v1/lessons/${PAID_LESSON}/signed-url`]) {
      const res = await asLearner(ctx, learner).get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('access_expired');
      expect(res.json().detail).toMatch(/^Your weekly access expired on .+\. Renew to keep learning\.$/);
    }
    const progress = await asLearner(ctx, learner).put(`/api/v1/lessons/${PAID_LESSON}/progress`, {
      watchSeconds: 10,
      completed: false,
    });
    expect(progress.statusCode).toBe(403);
    // Free lessons of the same course still play.
    expect((await asLearner(ctx, learner).get(`/api/v1/lessons/${FREE_LESSON}`)).statusCode).toBe(200);
  });

  it('opens a video session per signed URL, owned by the learner, and the URL streams the video', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const res = await asLearner(ctx, learner).get(`/api/v1/lessons/${PAID_LESSON}/signed-url`);
    expect(res.statusCode).toBe(200);
    const signed = signedVideoSchema.parse(res.json());
    expect(signed.type).toBe('direct');
    expect(signed.url).toMatch(/^\/api\/v1\/media\/lesson-intro\.mp4\?exp=(\d+)&sig=[\w-]{43}$/);
    const exp = Number(new URL(signed.url, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - ctx.clock.now.getTime()).toBeGreaterThan(9 * 60 * 1000);
    expect(exp * 1000 - ctx.clock.now.getTime()).toBeLessThanOrEqual(10 * 60 * 1000);

    const rows = await ctx.database.db.select().from(videoSessions).where(eq(videoSessions.id, signed.sessionId));
    expect(rows).toMatchObject([{ userId: learner.id, lessonId: PAID_LESSON }]);

    const again = signedVideoSchema.parse(
      (await asLearner(ctx, learner).get(`/api/v1/lessons/${PAID_LESSON}/signed-url`)).json(),
    );
    expect(again.sessionId).not.toBe(signed.sessionId);

    const video = await asLearner(ctx, null).get(signed.url, { range: 'bytes=0-99' });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.length).toBe(100);
  });

  it('answers a YouTube lesson with its embed URL', async () => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).get('/api/v1/lessons/prompt-engineering-02/signed-url');
    expect(res.statusCode).toBe(200);
    expect(signedVideoSchema.parse(res.json())).toMatchObject({
      type: 'youtube',
      url: expect.stringMatching(/^https:\/\/www\.youtube\.com\/embed\//),
    });
    const detail = lessonDetailSchema.parse(
      (await asLearner(ctx, learner).get('/api/v1/lessons/prompt-engineering-02')).json(),
    );
    expect(detail).toMatchObject({ video_type: 'youtube', video_url: expect.stringContaining('youtube.com/embed/') });
  });

  it('answers 404 with the spec text for a lesson without a video, and shows it has none', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'llm-evaluation');
    const detail = lessonDetailSchema.parse(
      (await asLearner(ctx, learner).get('/api/v1/lessons/llm-evaluation-05')).json(),
    );
    expect(detail).toMatchObject({ video_url: null, video_type: null, captions: [] });
    const res = await asLearner(ctx, learner).get('/api/v1/lessons/llm-evaluation-05/signed-url');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "This lesson doesn't have a video yet.", code: 'no_video' });
  });

  it('answers 404 for an unknown lesson and 400 for a malformed id', async () => {
    const learner = await createLearner(ctx);
    const missing = await asLearner(ctx, learner).get('/api/v1/lessons/no-such-lesson');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'We could not find that lesson.', code: 'lesson_not_found' });
    const malformed = await asLearner(ctx, learner).get('/api/v1/lessons/Bad%20Id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toContain('id');
  });
});
