import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  adminCourseDetailSchema,
  lessonDetailSchema,
  type StaffRole,
  signedVideoSchema,
  videoUploadSchema,
} from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { type DetailedError, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { createLearner, type Learner } from '../../../test/payments.ts';
import { startCuttingProxy } from '../../../test/support/cutting-proxy.ts';
import { tusMetadata } from '../../../test/support/tiny-video.ts';
import { auditLog, courseInstructors, courses, lessons, userRoles } from '../../db/schema.ts';
import { applyServerLimits } from '../../server-limits.ts';
import { createVideoUploads, UPLOAD_EXPIRY_MS } from './video-uploads.ts';

const run = promisify(execFile);
const COURSE = 'rag-from-scratch';
const LESSON = 'rag-from-scratch-02';
const OTHER_COURSE = 'llm-evaluation';
const CHUNK = 64 * 1024;
const REQUEST_TIMEOUT_MS = 1500;

// Uploads, media and thumbnails of this file's app go to a folder of its own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-uploads-'));
const work = mkdtempSync(path.join(tmpdir(), 'kaushal-upload-files-'));
let video: Buffer;

beforeAll(async () => {
  // A real video made at test time: 4 s of test pattern and a tone, H.264 and AAC in MP4 (~200 KB).
  const file = path.join(work, 'lesson.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', file],
  ]);
  video = await readFile(file);
}, 60_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('console uploads: lesson videos over tus, captions, thumbnails', () => {
  const ctx = useTestApp({ env: { DATA_DIR: dataDir } });
  let base = '';

  /**
   * The app listening on 127.0.0.1, for the real tus client (and the proxy that cuts its connection), with the
   * server's limits as server.ts sets them, the request timeout shortened to 1.5 s.
   */
  const listening = async () => {
    if (!ctx.app.server.listening) {
      const config = { ...ctx.app.deps.config, requestTimeoutMs: REQUEST_TIMEOUT_MS, maxConnectionsPerClient: 0 };
      applyServerLimits(ctx.app.server, config, ctx.app.log);
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    }
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    return base;
  };

  const staff = async (name: string, roles: StaffRole[], teaches: string[] = []): Promise<Learner> => {
    const person = await createLearner(ctx, name);
    if (roles.length)
      await ctx.database.db.insert(userRoles).values(roles.map((role) => ({ userId: person.id, role })));
    if (teaches.length) {
      await ctx.database.db
        .insert(courseInstructors)
        .values(teaches.map((courseId) => ({ courseId, userId: person.id })));
    }
    return person;
  };
  /** The lesson as staff edit it: the course is published, so once edited, its draft's copy (drafts.ts). */
  const lessonRow = async (id = LESSON) => {
    const [drafted] = await ctx.database.db.select().from(lessons).where(eq(lessons.draftOf, id));
    return drafted ?? (await ctx.database.db.select().from(lessons).where(eq(lessons.id, id)))[0];
  };
  /** Publishes the course's pending changes, as staff do before learners see them. */
  const publish = async (who: Learner) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/courses/${COURSE}/publish`,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      payload: { version: await courseVersion() },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const courseVersion = async (id = COURSE) =>
    (await ctx.database.db.select({ version: courses.version }).from(courses).where(eq(courses.id, id)))[0]?.version ??
    0;
  const audits = async (action: string) => ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  /** tus over inject, for the short cases: create an upload of `size` bytes. */
  const create = (who: Learner | null, fields: Record<string, string>, size: number, extra = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/videos',
      headers: {
        origin: TEST_ORIGIN,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': tusMetadata(fields),
        ...(who ? { cookie: who.cookie } : {}),
        ...extra,
      },
    });
  const patch = (who: Learner | null, url: string, offset: number, bytes: Buffer, extra = {}) =>
    ctx.app.inject({
      method: 'PATCH',
      url,
      headers: {
        origin: TEST_ORIGIN,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...(who ? { cookie: who.cookie } : {}),
        ...extra,
      },
      payload: bytes,
    });
  const head = (who: Learner | null, url: string) =>
    ctx.app.inject({
      method: 'HEAD',
      url,
      headers: { 'tus-resumable': '1.0.0', ...(who ? { cookie: who.cookie } : {}) },
    });
  const status = async (who: Learner, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return videoUploadSchema.parse(res.json());
  };

  /** The real client (tus-js-client) against the listening app; resolves with its upload URL, or rejects. */
  const tusUpload = (
    who: Learner,
    bytes: Buffer,
    fields: Record<string, string>,
    options: { endpoint?: string; retryDelays?: number[] } = {},
  ) =>
    new Promise<{ url: string }>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: options.endpoint ?? `${base}/api/v1/admin/uploads/videos`,
        chunkSize: CHUNK,
        retryDelays: options.retryDelays ?? [],
        metadata: fields,
        headers: { cookie: who.cookie, origin: TEST_ORIGIN },
        onSuccess: () => resolve({ url: upload.url as string }),
        onError: reject,
      });
      upload.start();
    });

  it('takes a video in chunks over tus, resumes after the connection drops mid-chunk, and the lesson plays it', async () => {
    await listening();
    const instructor = await staff('Tara Teacher', ['instructor'], [COURSE]);
    const versionBefore = await courseVersion();
    // The connection breaks in the middle of the second chunk: the client resumes from what the server kept.
    const cutAt = CHUNK + CHUNK / 2;
    const proxy = await startCuttingProxy({ port: (ctx.app.server.address() as AddressInfo).port }, cutAt);
    try {
      const { url } = await tusUpload(
        instructor,
        video,
        { courseId: COURSE, lessonId: LESSON, filename: 'Lesson 2.mp4', filetype: 'video/mp4' },
        { endpoint: `http://127.0.0.1:${proxy.port}/api/v1/admin/uploads/videos`, retryDelays: [100, 300, 1000] },
      );
      expect(proxy.cut()).toBe(true);
      const offsets = proxy
        .requests()
        .filter((request) => request.startsWith('PATCH '))
        .map((request) => Number(/upload-offset: (\d+)/i.exec(request)?.[1]));
      // Chunks of 64 KiB, then one PATCH resuming where the cut left the upload: inside a chunk, not at 0.
      expect(offsets.slice(0, 2)).toEqual([0, CHUNK]);
      const resumed = offsets.find((offset) => offset % CHUNK !== 0) ?? 0;
      expect(resumed).toBeGreaterThan(CHUNK);
      expect(resumed).toBeLessThan(2 * CHUNK);
      expect(proxy.requests().some((request) => request.startsWith('HEAD '))).toBe(true);
      // Nothing was sent twice but the part of a chunk in flight when the connection broke.
      expect(proxy.bytesSent()).toBeLessThan(video.length + CHUNK + 16 * 1024);

      const outcome = await status(instructor, new URL(url).pathname);
      expect(outcome).toMatchObject({
        courseId: COURSE,
        lessonId: LESSON,
        filename: 'Lesson 2.mp4',
        size: video.length,
        offset: video.length,
        state: 'done',
        durationSeconds: 4,
        courseVersion: versionBefore + 1,
      });
      const lesson = await lessonRow();
      expect(lesson).toMatchObject({ videoType: 'direct', durationSeconds: 4 });
      expect(lesson?.videoRef).toMatch(/^uploads\/rag-from-scratch\/rag-from-scratch-02-[0-9a-f]{12}\.mp4$/);
      const stored = await readFile(path.join(dataDir, 'media', lesson?.videoRef as string));
      expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(video).digest('hex'));
      expect(await courseVersion()).toBe(versionBefore + 1);
      const [started] = await audits('lesson.video_upload');
      expect(started).toMatchObject({ actorId: instructor.id, entityId: LESSON });
      expect(started?.after).toMatchObject({ courseId: COURSE, filename: 'Lesson 2.mp4', bytes: video.length });
      const [finished] = await audits('lesson.video');
      expect(finished?.before).toMatchObject({ videoRef: 'lesson-short.mp4' });
      expect(finished?.after).toMatchObject({ videoRef: lesson?.videoRef, durationSeconds: 4, upload: outcome.id });
      // HEAD still reports the finished upload (a client that lost the last answer sees it complete).
      const done = await head(instructor, new URL(url).pathname);
      expect(done.statusCode).toBe(200);
      expect(done.headers['upload-offset']).toBe(String(video.length));
    } finally {
      await proxy.close();
    }

    // Once published, a learner plays it through the signed-URL route, with HTTP Range.
    await publish(instructor);
    const learner = await createLearner(ctx, 'Asha Learner');
    const signed = await ctx.app.inject({
      url: `/api/v1/lessons/${LESSON}/signed-url`,
      headers: { cookie: learner.cookie },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url: mediaUrl } = signedVideoSchema.parse(signed.json());
    const ranged = await fetch(`${base}${mediaUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(video.subarray(0, 100));
  });

  it('keeps the bytes of a PATCH that the request timeout cuts, and the upload continues from them', async () => {
    await listening();
    const admin = await staff('Ada Admin', ['admin']);
    const created = await create(admin, { courseId: COURSE, lessonId: LESSON, filename: 'slow.mp4' }, video.length);
    const url = created.headers.location as string;
    // A client on a slow link: 16 KB every 100 ms, the whole video announced; the server cuts it at 1.5 s.
    const answer = await new Promise<string>((resolve) => {
      const socket = connect((ctx.app.server.address() as AddressInfo).port, '127.0.0.1');
      let received = '';
      let sentBytes = 0;
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
      socket.on('error', () => {});
      socket.write(
        [
          `PATCH ${url} HTTP/1.1`,
          'Host: 127.0.0.1',
          `Origin: ${TEST_ORIGIN}`,
          `Cookie: ${admin.cookie}`,
          'Tus-Resumable: 1.0.0',
          'Upload-Offset: 0',
          'Content-Type: application/offset+octet-stream',
          `Content-Length: ${video.length}`,
          '',
          '',
        ].join('\r\n'),
      );
      const timer = setInterval(() => {
        if (socket.destroyed || sentBytes >= video.length) return;
        socket.write(video.subarray(sentBytes, sentBytes + 16 * 1024));
        sentBytes += 16 * 1024;
      }, 100);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // What arrived before the cut is kept: HEAD says where to continue, and the rest finishes the upload.
    let offset = 0;
    for (let tries = 0; tries < 50 && offset === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = Number((await head(admin, url)).headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(100 * 1024);
    expect(offset).toBeLessThan(video.length);
    const rest = await patch(admin, url, offset, video.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(await status(admin, url)).toMatchObject({ state: 'done', durationSeconds: 4 });
  });

  it('refuses a file that is not a video with its message, deletes it, and changes nothing', async () => {
    await listening();
    const admin = await staff('Ada Admin', ['admin']);
    const before = await lessonRow();
    const versionBefore = await courseVersion();
    const notVideo = Buffer.alloc(150_000, 'not a video at all. ');
    const error = (await tusUpload(admin, notVideo, { courseId: COURSE, lessonId: LESSON, filename: 'notes.mp4' }).then(
      () => null,
      (e: DetailedError) => e,
    )) as DetailedError;
    expect(error).toBeTruthy();
    expect(error.originalResponse?.getStatus()).toBe(400);
    expect(JSON.parse(error.originalResponse?.getBody() ?? '{}')).toEqual({
      detail: 'This file is not a video: choose an MP4 or WebM file.',
      code: 'not_a_video',
    });
    const url = new URL(error.originalRequest?.getURL() ?? '').pathname;
    const outcome = await status(admin, url);
    expect(outcome).toMatchObject({
      state: 'refused',
      code: 'not_a_video',
      detail: expect.stringContaining('not a video'),
    });
    expect(existsSync(path.join(dataDir, 'uploads', outcome.id))).toBe(false);
    expect((await head(admin, url)).statusCode).toBe(410);
    expect(await lessonRow()).toEqual(before);
    expect(await courseVersion()).toBe(versionBefore);
    expect(await audits('lesson.video')).toEqual([]);

    // More files that are not lesson videos, each with its own message.
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const cutShort = video.subarray(0, Math.floor(video.length * 0.6));
    const hevc = path.join(work, 'hevc.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '1'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error', hevc],
    ]);
    for (const [bytes, code] of [
      [png, 'not_a_video'],
      [cutShort, 'video_truncated'],
      [await readFile(hevc), 'video_format_unsupported'],
    ] as const) {
      const created = await create(admin, { courseId: COURSE, lessonId: LESSON }, bytes.length);
      expect(created.statusCode, created.body).toBe(201);
      const finished = await patch(admin, created.headers.location as string, 0, bytes);
      expect(finished.statusCode).toBe(400);
      expect(finished.json()).toMatchObject({ code });
    }
    expect(await lessonRow()).toEqual(before);
    expect(await courseVersion()).toBe(versionBefore);
  });

  it('checks who sends every tus request, and what a creation names', async () => {
    await listening();
    const learner = await staff('Plain Learner', []);
    const elsewhere = await staff('Omar Other', ['instructor'], [OTHER_COURSE]);
    const support = await staff('Sam Support', ['support']);
    const admin = await staff('Ada Admin', ['admin']);
    const fields = { courseId: COURSE, lessonId: LESSON, filename: 'x.mp4' };
    const auditBefore = (await ctx.database.db.select().from(auditLog)).length;

    // The real client, as a learner: refused at creation.
    const refused = (await tusUpload(learner, video, fields).catch((e: DetailedError) => e)) as DetailedError;
    expect(refused.originalResponse?.getStatus()).toBe(403);
    expect(JSON.parse(refused.originalResponse?.getBody() ?? '{}')).toMatchObject({ code: 'role_required' });
    for (const [who, code] of [
      [null, 401],
      [learner, 403],
      [support, 403],
      [elsewhere, 403],
    ] as const) {
      expect((await create(who, fields, video.length)).statusCode).toBe(code);
    }
    expect((await create(elsewhere, fields, video.length)).json()).toMatchObject({ code: 'not_your_course' });
    expect((await ctx.database.db.select().from(auditLog)).length).toBe(auditBefore);

    // An upload the admin began: nobody else but the course's editors may continue, read or ask about it.
    const created = await create(admin, fields, video.length);
    expect(created.statusCode).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(/^\/api\/v1\/admin\/uploads\/videos\/[0-9a-f]{32}$/);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    for (const [who, code, readCode] of [
      [null, 401, 401],
      [learner, 403, 403],
      [support, 403, 200],
      [elsewhere, 403, 403],
    ] as const) {
      expect((await patch(who, url, 0, video.subarray(0, 1000))).statusCode).toBe(code);
      expect((await head(who, url)).statusCode).toBe(code);
      // Support reads courses (and so how their uploads stand), and edits nothing.
      const read = await ctx.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
      expect(read.statusCode).toBe(readCode);
    }
    expect((await head(admin, url)).headers['upload-offset']).toBe('0');
    // Another site's page cannot send the bytes with the admin's cookie.
    const crossSite = await patch(admin, url, 0, video.subarray(0, 1000), { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'bad_origin' });
    // The instructor of the course may continue it.
    const teacher = await staff('Tara Teacher', ['instructor'], [COURSE]);
    const first = await patch(teacher, url, 0, video.subarray(0, 1000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('1000');
    const conflict = await patch(teacher, url, 0, video.subarray(0, 1000));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'upload_offset_conflict' });
    expect(await status(teacher, url)).toMatchObject({ state: 'uploading', offset: 1000, size: video.length });

    // What a creation must name and send.
    const cases: Array<[Record<string, string>, number, Record<string, string>, number, string]> = [
      [{ courseId: COURSE }, 1000, {}, 400, 'upload_metadata_invalid'],
      [{ ...fields, lessonId: 'llm-evaluation-01' }, 1000, {}, 404, 'lesson_not_found'],
      [{ ...fields, courseId: 'no-such-course' }, 1000, {}, 404, 'course_not_found'],
      [{ ...fields, owner: 'me' }, 1000, {}, 400, 'upload_metadata_invalid'],
      [{ ...fields, lessonId: '../../etc' }, 1000, {}, 400, 'upload_metadata_invalid'],
      [fields, 2 * 1024 ** 3 + 1, {}, 413, 'upload_too_large'],
      [fields, 0, {}, 400, 'upload_empty'],
      [fields, 1000, { 'tus-resumable': '0.2.2' }, 412, 'tus_version_required'],
      [fields, 1000, { 'upload-metadata': 'courseId !!!' }, 400, 'upload_metadata_invalid'],
    ];
    for (const [meta, size, extra, code, name] of cases) {
      const res = await create(admin, meta, size, extra);
      expect(res.statusCode, `${JSON.stringify(meta)} ${size}: ${res.body}`).toBe(code);
      expect(res.json()).toMatchObject({ code: name, detail: expect.any(String) });
    }
    const unknown = '/api/v1/admin/uploads/videos/0123456789abcdef0123456789abcdef';
    expect((await head(admin, unknown)).statusCode).toBe(404);
    expect((await patch(admin, unknown, 0, Buffer.from('x'))).json()).toMatchObject({ code: 'upload_not_found' });
  });

  it('deletes an upload a day after it began; a finished one’s video stays in the media store', async () => {
    const admin = await staff('Ada Admin', ['admin']);
    const fields = { courseId: COURSE, lessonId: LESSON };
    const unfinished = (await create(admin, fields, video.length)).headers.location as string;
    expect((await patch(admin, unfinished, 0, video.subarray(0, 1000))).statusCode).toBe(204);
    const finished = (await create(admin, fields, video.length)).headers.location as string;
    expect((await patch(admin, finished, 0, video)).statusCode).toBe(204);
    const key = (await lessonRow())?.videoRef as string;
    const uploads = createVideoUploads(ctx.app.deps);
    const files = (url: string) => {
      const id = url.split('/').pop() as string;
      return [path.join(dataDir, 'uploads', id), path.join(dataDir, 'uploads', `${id}.json`)];
    };
    expect(await uploads.sweep()).toBe(0);
    expect([...files(unfinished), ...files(finished)].every((file) => existsSync(file))).toBe(true);
    expect(await uploads.sweep(Date.now() + UPLOAD_EXPIRY_MS + 60_000)).toBeGreaterThanOrEqual(2);
    expect([...files(unfinished), ...files(finished)].some((file) => existsSync(file))).toBe(false);
    expect((await head(admin, unfinished)).statusCode).toBe(404);
    expect(await readFile(path.join(dataDir, 'media', key))).toEqual(video);
  });

  it('adds and replaces a lesson’s captions from WebVTT, and refuses what is not WebVTT', async () => {
    const admin = await staff('Ada Admin', ['admin']);
    const put = async (vtt: string | Buffer, query: string, type = 'text/vtt', who: Learner = admin, lang = 'en') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/courses/${COURSE}/lessons/${LESSON}/captions/${lang}?${query}`,
        headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'content-type': type },
        payload: vtt,
      });
    const vtt =
      'WEBVTT\n\n1\n00:00.000 --> 00:02.500\nRetrieval, step by step.\n\n00:02.500 --> 00:04.000\nचलिए शुरू करें।\n';
    const added = await put(vtt, `version=${await courseVersion()}&label=English`);
    expect(added.statusCode, added.body).toBe(200);
    const course = adminCourseDetailSchema.parse(added.json());
    expect(course.lessons.find((l) => l.id === LESSON)?.captions).toEqual([{ lang: 'en', label: 'English' }]);
    const hindi = await put(
      vtt,
      `version=${course.version}&label=${encodeURIComponent('हिन्दी')}`,
      'text/vtt',
      admin,
      'hi',
    );
    expect(hindi.statusCode, hindi.body).toBe(200);
    const replaced = await put(
      `\uFEFF${vtt.replaceAll('\n', '\r\n')}`,
      `version=${course.version + 1}&label=English (UK)`,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(adminCourseDetailSchema.parse(replaced.json()).lessons.find((l) => l.id === LESSON)?.captions).toEqual([
      { lang: 'en', label: 'English (UK)' },
      { lang: 'hi', label: 'हिन्दी' },
    ]);
    expect((await audits('lesson.captions')).length).toBe(3);

    // Once published, the player gets them through signed links.
    await publish(admin);
    const learner = await createLearner(ctx, 'Asha Learner');
    const lesson = lessonDetailSchema.parse(
      (await ctx.app.inject({ url: `/api/v1/lessons/${LESSON}`, headers: { cookie: learner.cookie } })).json(),
    );
    const track = lesson.captions.find((c) => c.lang === 'hi');
    const served = await ctx.app.inject({ url: track?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/vtt/);
    expect(served.body).toBe(vtt);

    // Removed again: the player offers the others (once published); removing twice is a clear 404.
    const remove = async () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/courses/${COURSE}/lessons/${LESSON}/captions/hi?version=${await courseVersion()}`,
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      });
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    expect(adminCourseDetailSchema.parse(removed.json()).lessons.find((l) => l.id === LESSON)?.captions).toEqual([
      { lang: 'en', label: 'English (UK)' },
    ]);
    expect((await remove()).json()).toMatchObject({ code: 'captions_not_found' });
    await publish(admin);
    const after = lessonDetailSchema.parse(
      (await ctx.app.inject({ url: `/api/v1/lessons/${LESSON}`, headers: { cookie: learner.cookie } })).json(),
    );
    expect(after.captions.map((c) => c.lang)).toEqual(['en']);

    const version = await courseVersion();
    const auditsBefore = (await ctx.database.db.select().from(auditLog)).length;
    const refusals: Array<[Promise<{ statusCode: number; json(): unknown }>, number, string]> = [
      [put('1\n00:00.000 --> 00:01.000\nHi\n', `version=${version}&label=English`), 400, 'captions_invalid'],
      [put('WEBVTT\n\n00:00.000 --> 00:61.000\nHi\n', `version=${version}&label=English`), 400, 'captions_invalid'],
      [put('WEBVTT\n\n00:05.000 --> 00:01.000\nHi\n', `version=${version}&label=English`), 400, 'captions_invalid'],
      [put('WEBVTT\n\nNOTE only a note\n', `version=${version}&label=English`), 400, 'captions_invalid'],
      [
        put(Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), `version=${version}&label=En`),
        400,
        'captions_invalid',
      ],
      [
        put(`WEBVTT\n\n${'00:00.000 --> 00:01.000\nla la la\n\n'.repeat(40_000)}`, `version=${version}&label=En`),
        413,
        'captions_too_large',
      ],
      [put(vtt, `version=${version}&label=English`, 'text/plain'), 415, 'unsupported_media_type'],
      [put(vtt, `version=${version}&label=English`, 'application/json'), 415, 'unsupported_media_type'],
      [put(vtt, `version=${version - 1}&label=English`), 409, 'stale_version'],
      [put(vtt, `version=${version}&label=%20`), 400, 'invalid_request'],
      [put(vtt, `version=${version}&label=English`, 'text/vtt', admin, 'english!'), 400, 'invalid_request'],
      [put(vtt, `version=${version}&label=English`, 'text/vtt', learner), 403, 'role_required'],
    ];
    for (const [pending, code, name] of refusals) {
      const res = await pending;
      expect(res.statusCode).toBe(code);
      expect(res.json()).toMatchObject({ code: name, detail: expect.any(String) });
    }
    const timing = await put('WEBVTT\n\n00:00.000 --> 00:61.000\nHi\n', `version=${version}&label=English`);
    expect(timing.json()).toMatchObject({ detail: expect.stringMatching(/^Line 3: its timing must read like/) });
    expect(await courseVersion()).toBe(version);
    expect((await ctx.database.db.select().from(auditLog)).length).toBe(auditsBefore);
  });

  it('makes a course thumbnail from an image, re-encoded as WebP and AVIF at card size, and refuses what is not one', async () => {
    await listening();
    const teacher = await staff('Tara Teacher', ['instructor'], [COURSE]);
    const put = (bytes: Buffer | string, type: string, version: number, who: Learner = teacher) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/courses/${COURSE}/thumbnail?version=${version}`,
        headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'content-type': type },
        payload: bytes,
      });
    // A 4:3 photo-like JPEG, declared with a wrong type: its bytes decide.
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c84' } })
      .composite([
        { input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#148"/></svg>') },
      ])
      .jpeg()
      .toBuffer();
    const res = await put(jpeg, 'image/png', await courseVersion());
    expect(res.statusCode, res.body).toBe(200);
    const course = adminCourseDetailSchema.parse(res.json());
    expect(course.thumbnailUrl).toMatch(/^\/thumbnails\/uploads\/rag-from-scratch-[0-9a-f]{12}\.webp$/);
    const served = await fetch(`${base}${course.thumbnailUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const webp = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: 640, height: 360 });
    const avif = await sharp(
      Buffer.from(await (await fetch(`${base}${course.thumbnailUrl.replace(/\.webp$/, '.avif')}`)).arrayBuffer()),
    ).metadata();
    expect(avif).toMatchObject({ format: 'heif', compression: 'av1', width: 640, height: 360 });
    // Once published, the catalogue shows it.
    const unchanged = await ctx.app.inject({ url: `/api/v1/courses/${COURSE}` });
    expect(unchanged.json()).toMatchObject({ thumbnailUrl: '/thumbnails/rag-from-scratch.svg' });
    await publish(teacher);
    const listed = await ctx.app.inject({ url: `/api/v1/courses/${COURSE}` });
    expect(listed.json()).toMatchObject({ thumbnailUrl: course.thumbnailUrl });
    const [audited] = await audits('course.thumbnail');
    expect(audited).toMatchObject({ entityId: COURSE, before: { thumbnail: 'rag-from-scratch.svg' } });

    const version = await courseVersion();
    const auditsBefore = (await ctx.database.db.select().from(auditLog)).length;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="9" height="9"/></svg>';
    const refusals: Array<[Buffer | string, string, number, number, string]> = [
      ['this is not a picture', 'image/png', version, 400, 'image_invalid'],
      [svg, 'image/svg+xml', version, 400, 'image_invalid'],
      [jpeg.subarray(0, 2000), 'image/jpeg', version, 400, 'image_invalid'],
      [Buffer.alloc(5 * 1024 * 1024 + 1), 'image/jpeg', version, 413, 'image_too_large'],
      [jpeg, 'text/plain', version, 415, 'unsupported_media_type'],
      [jpeg, 'image/jpeg', version - 1, 409, 'stale_version'],
    ];
    for (const [bytes, type, at, code, name] of refusals) {
      const refused = await put(bytes, type, at);
      expect(refused.statusCode, `${type}: ${refused.body}`).toBe(code);
      expect(refused.json()).toMatchObject({ code: name, detail: expect.any(String) });
    }
    const other = await staff('Omar Other', ['instructor'], [OTHER_COURSE]);
    expect((await put(jpeg, 'image/jpeg', version, other)).json()).toMatchObject({ code: 'not_your_course' });
    expect(await courseVersion()).toBe(version);
    expect((await ctx.database.db.select().from(auditLog)).length).toBe(auditsBefore);
    const [row] = await ctx.database.db
      .select({ thumbnail: courses.thumbnail })
      .from(courses)
      .where(and(eq(courses.id, COURSE)));
    expect(`/thumbnails/${row?.thumbnail}`).toBe(course.thumbnailUrl);
  });
});
