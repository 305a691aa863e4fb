import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  adminCourseDetailSchema,
  lessonDetailSchema,
  signedResourceSchema,
  signedVideoSchema,
} from '@kaushal/contract';
import { eq, or } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons } from '../../src/db/schema.ts';
import { asLearner, createLearner, enroll } from '../../src/modules/learning/test-support.ts';
import { repoRoot } from '../../src/paths.ts';
import { createLocalMediaStore } from '../../src/providers/media/local-media-store.ts';
import { signMedia } from '../../src/providers/media/media-signature.ts';
import { localMediaFolders } from '../../src/providers/media/media-store-config.ts';
import { migrateToS3 } from '../../src/providers/media/migrate-to-s3.ts';
import { createS3MediaStore, type S3MediaStore } from '../../src/providers/media/s3-media-store.ts';
import { TEST_ORIGIN, testConfig, useTestApp } from '../app.ts';
import { createStaff } from '../support/staff.ts';
import { tusMetadata } from '../support/tiny-video.ts';
import { S3RVER_CREDENTIALS, type S3TestServer, startS3Server } from './s3-server.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-on-s3-'));
/** Filled in once the S3 server listens (before the app is built by the first test). */
const env: Record<string, string> = { DATA_DIR: dataDir };
let s3: S3TestServer;
/** The bucket as an operator sees it. */
let bucket: S3MediaStore;
let video: Buffer;

const LESSON_VIDEO = readFileSync(path.join(repoRoot, 'content/media/lesson-intro.mp4'));
const FREE_LESSON = 'ai-agents-tool-use-01';
const COURSE = 'rag-from-scratch';
const UPLOAD_LESSON = 'rag-from-scratch-02';

beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(env, {
    MEDIA_S3_BUCKET: s3.bucket,
    MEDIA_S3_ENDPOINT: s3.endpoint,
    MEDIA_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  const config = testConfig(env);
  if (!config.mediaS3) throw new Error('MEDIA_S3_BUCKET was not read');
  bucket = createS3MediaStore(config.mediaS3);
  // The content's media and resources, as `npm run media -- migrate-to-s3` copies them before the start.
  const copied = await migrateToS3(createLocalMediaStore(localMediaFolders(config)), bucket);
  expect(copied).toMatchObject({ failed: 0, skipped: 0 });
  // A real video for the console's upload: 2 s of test pattern, H.264 in MP4.
  const file = path.join(dataDir, 'lesson.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ]);
  video = await readFile(file);
}, 60_000);

afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A presigned URL of the bucket for `key` (path-style: endpoint/bucket/key?X-Amz-…). */
const bucketUrl = (key: string) =>
  new RegExp(`^${s3.endpoint.replaceAll('.', '\\.')}/${s3.bucket}/${key.replaceAll('.', '\\.')}\\?X-Amz-`);

/** An answer of the API that carries no media: a redirect with an empty body, never the bytes. */
function expectRedirectWithoutBytes(res: LightMyRequestResponse, key: string) {
  expect(res.statusCode, res.body).toBe(302);
  expect(res.rawPayload.length).toBe(0);
  expect(res.headers['content-type'] ?? '').not.toMatch(/^(video|audio|image)\//);
  expect(res.headers['content-range']).toBeUndefined();
  expect(String(res.headers.location)).toMatch(bucketUrl(key));
}

describe('the API with its media in an S3-compatible bucket', () => {
  const ctx = useTestApp({ env });

  it('plays lessons from presigned bucket URLs and never sends video bytes itself', async () => {
    expect(ctx.app.deps.media.kind).toBe('s3');
    const learner = await createLearner(ctx);
    const detail = lessonDetailSchema.parse(
      (await asLearner(ctx, learner).get(`/api/v1/lessons/${FREE_LESSON}`)).json(),
    );
    expect(detail.video_url).toMatch(bucketUrl('lesson-intro.mp4'));
    expect(detail.captions).toEqual([
      { lang: 'en', label: 'English', url: expect.stringMatching(bucketUrl('lesson-intro.en.vtt')) },
    ]);
    const signed = signedVideoSchema.parse(
      (await asLearner(ctx, learner).get(`/api/v1/lessons/${FREE_LESSON}/signed-url`)).json(),
    );
    expect(signed.url).toMatch(bucketUrl('lesson-intro.mp4'));

    // The browser fetches the bytes from the bucket, with Range.
    const part = await fetch(signed.url, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer()).equals(LESSON_VIDEO.subarray(100, 1100))).toBe(true);
    const captions = await fetch(detail.captions[0]?.url ?? '');
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await captions.text()).toMatch(/^WEBVTT/);

    // The API's own media route (a link signed before the move, say) and the home page's demo video redirect.
    const exp = Math.floor(ctx.clock.now.getTime() / 1000) + 600;
    const sig = signMedia(ctx.app.deps.config.mediaSigningSecret, 'lesson-intro.mp4', exp);
    const viaApi = `/api/v1/media/lesson-intro.mp4?exp=${exp}&sig=${sig}`;
    expectRedirectWithoutBytes(await asLearner(ctx, null).get(viaApi, { range: 'bytes=0-99' }), 'lesson-intro.mp4');
    expectRedirectWithoutBytes(await asLearner(ctx, null).get('/api/v1/demo-video'), 'demo.mp4');
    // A bad signature is still refused before anything else.
    expect(
      (await asLearner(ctx, null).get(viaApi.replace(sig, `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)))
        .statusCode,
    ).toBe(403);

    // Over a real socket: the API process answers with a redirect and no body; the bytes come from the bucket.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const manual = await fetch(`${api}${viaApi}`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect((await manual.arrayBuffer()).byteLength).toBe(0);
    const followed = await fetch(`${api}${viaApi}`);
    expect(followed.url.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect(Buffer.from(await followed.arrayBuffer()).equals(LESSON_VIDEO)).toBe(true);
    await ctx.app.close();
    // The next test builds the app afresh.
    (ctx as { app?: unknown }).app = undefined;
  });

  it('downloads a lesson resource from the bucket under its own name', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'ai-agents-tool-use');
    const lesson = lessonDetailSchema.parse(
      (await asLearner(ctx, learner).get('/api/v1/lessons/ai-agents-tool-use-03')).json(),
    );
    const resource = lesson.resources[0];
    if (!resource) throw new Error('the seeded lesson has no resource');
    const link = signedResourceSchema.parse(
      (await asLearner(ctx, learner).get(`/api/v1/resources/${resource.id}/signed-url`)).json(),
    ).url;
    const res = await asLearner(ctx, learner).get(link);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const file = await fetch(String(res.headers.location));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${resource.fileName}"; filename*=UTF-8''${encodeURIComponent(resource.fileName)}`,
    );
    expect(file.headers.get('content-type')).toBe(resource.contentType);
    const local = readFileSync(path.join(repoRoot, 'content/resources', resource.fileName));
    expect(Buffer.from(await file.arrayBuffer()).equals(local)).toBe(true);
  });

  it('puts what staff upload in the console (video, captions, thumbnail, resource) in the bucket', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const headers = { origin: TEST_ORIGIN, cookie: admin.cookie };
    const version = async () =>
      (await ctx.database.db.select({ v: courses.version }).from(courses).where(eq(courses.id, COURSE)))[0]?.v ?? 0;
    const lessonRow = async () => {
      const rows = await ctx.database.db
        .select()
        .from(lessons)
        .where(or(eq(lessons.draftOf, UPLOAD_LESSON), eq(lessons.id, UPLOAD_LESSON)));
      return rows.find((r) => r.draftOf === UPLOAD_LESSON) ?? rows[0];
    };

    // A lesson video over tus: one creation, one PATCH with every byte.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/videos',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(video.length),
        'upload-metadata': tusMetadata({ courseId: COURSE, lessonId: UPLOAD_LESSON, filename: 'Lesson 2.mp4' }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await ctx.app.inject({
      method: 'PATCH',
      url: String(created.headers.location),
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: video,
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const videoKey = (await lessonRow())?.videoRef ?? '';
    expect(videoKey).toMatch(/^uploads\/rag-from-scratch\/rag-from-scratch-02-[0-9a-f]+\.mp4$/);
    expect(await bucket.stat(videoKey)).toMatchObject({ size: video.length });

    // Captions.
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.500\nRetrieval, step by step.\n';
    const captioned = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/courses/${COURSE}/lessons/${UPLOAD_LESSON}/captions/en?version=${await version()}&label=English`,
      headers: { ...headers, 'content-type': 'text/vtt' },
      payload: vtt,
    });
    expect(captioned.statusCode, captioned.body).toBe(200);
    const captionKey = (await lessonRow())?.captions.find((c) => c.lang === 'en')?.key ?? '';
    expect(captionKey).toMatch(/^uploads\/rag-from-scratch\/.+-en-[0-9a-f]+\.vtt$/);
    expect(await bucket.stat(captionKey)).toMatchObject({ size: Buffer.byteLength(vtt) });

    // The course thumbnail: /thumbnails/uploads/… redirects to the bucket's WebP.
    const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
    const pictured = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/courses/${COURSE}/thumbnail?version=${await version()}`,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: picture,
    });
    expect(pictured.statusCode, pictured.body).toBe(200);
    const thumbnailUrl = adminCourseDetailSchema.parse(pictured.json()).thumbnailUrl;
    expect(thumbnailUrl).toMatch(/^\/thumbnails\/uploads\/rag-from-scratch-[0-9a-f]{12}\.webp$/);
    const thumbnailKey = thumbnailUrl.slice(1);
    expect(await bucket.stat(thumbnailKey)).not.toBeNull();
    expect(await bucket.stat(thumbnailKey.replace(/\.webp$/, '.avif'))).not.toBeNull();
    const shown = await ctx.app.inject({ url: thumbnailUrl });
    expectRedirectWithoutBytes(shown, thumbnailKey);
    const webp = await fetch(String(shown.headers.location));
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 640 });
    // The content's own thumbnails are still files of the app.
    expect((await ctx.app.inject({ url: '/thumbnails/rag-from-scratch.svg' })).statusCode).toBe(200);

    // A lesson resource.
    const notebook = Buffer.from(JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] }));
    const search = new URLSearchParams({
      version: String(await version()),
      title: 'Notebook',
      fileName: 'week 1.ipynb',
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/courses/${COURSE}/lessons/${UPLOAD_LESSON}/resources?${search}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: notebook,
    });
    expect(added.statusCode, added.body).toBe(201);
    const uploaded = [];
    for await (const object of bucket.list(`uploads/${COURSE}/`)) uploaded.push(object.key);
    expect(uploaded.filter((key) => key.endsWith('.ipynb'))).toHaveLength(1);

    // Nothing of it stayed in the local media folders.
    for (const key of [videoKey, captionKey]) expect(existsSync(path.join(dataDir, 'media', key))).toBe(false);
    expect(existsSync(path.join(dataDir, thumbnailKey))).toBe(false);
  });
});
