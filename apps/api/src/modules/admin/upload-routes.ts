import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import {
  endpoints,
  MAX_CAPTIONS_BYTES,
  MAX_THUMBNAIL_BYTES,
  MAX_VIDEO_UPLOAD_BYTES,
  type StaffRole,
  TUS_VERSION,
  type VideoUploadMetadata,
  videoUploadMetadataSchema,
  videoUploadParamsSchema,
} from '@kaushal/contract';
import { Metadata } from '@tus/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { AppError, badRequest, notFound, unavailable } from '../../lib/errors.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { THUMBNAIL_PREFIX } from '../../providers/media/media-store.ts';
import { ffprobeAvailable } from '../../providers/media/probe-video.ts';
import { actorOf, requireCourseEditor, requireCourseReader, requireRole } from './access.ts';
import { makeThumbnail } from './thumbnail-image.ts';
import { setCourseThumbnail, setLessonCaptions } from './uploads.ts';
import { createVideoUploads, type VideoUploads } from './video-uploads.ts';
import { checkWebVtt } from './webvtt.ts';

/** A staff member starts a few uploads a minute at most. */
const START_LIMIT = perLearnerRateLimit(60);
/** A 2 GB video in 5 MB chunks is 400 PATCHes: a fast link sends many a minute. */
const CHUNK_LIMIT = perLearnerRateLimit(600);
const WRITE_LIMIT = perLearnerRateLimit(120);

const ADMIN_UPLOADS = 'uploads';
/** Keys stay under the media store's 200 characters whatever the (up to 100-character) ids. */
const part = (id: string) => id.slice(0, 60);
const random = () => randomBytes(6).toString('hex');

/**
 * The console's uploads (decision 020): lesson videos over tus, captions and course thumbnails. Each kind is a
 * plugin of its own, so that its body parsers and size limits reach only its routes.
 */
export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  await mkdir(config.uploadsDir, { recursive: true });
  const uploads = createVideoUploads(app.deps);
  const sweep = () =>
    uploads.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'deleting expired uploads failed'));
  void sweep();
  const timer = setInterval(sweep, uploads.sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  await app.register(videoUploadRoutes(uploads));
  await app.register(captionRoutes);
  await app.register(thumbnailRoutes);
};

/** In this plugin, any body but the accepted kinds is refused with `detail` (JSON too: no route here takes it). */
function acceptOnly(app: FastifyInstance, detail: string) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new AppError(415, 'unsupported_media_type', detail));
  });
}

/** A body over a route's limit: its own sentence instead of the generic one. */
function tooLargeAs(app: FastifyInstance, code: string, detail: string) {
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, code, detail);
    throw error;
  });
}

/** The request's body as parsed by this plugin's byte parser, or a refusal naming what to send. */
function bytesOf(request: FastifyRequest, what: string): Buffer {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw badRequest(`Send ${what} as the request body.`, 'body_missing');
  return body;
}

// ---------------------------------------------------------------------------------------------------- video

/** The headers the tus server reads; the rest (cookies, forwarding headers) stay with Fastify. */
const TUS_HEADERS = [
  'tus-resumable',
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'upload-offset',
  'upload-concat',
  'content-type',
  'content-length',
];
/** Headers of the tus server's answer that Fastify sets itself for the body it sends. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'connection']);

/**
 * The request body as a web stream for the tus server. A dropped connection (or the request timeout) ends it
 * where it broke instead of failing it: the tus server stores the bytes that arrived, and the client resumes
 * from the offset HEAD then reports, as the protocol intends.
 */
function bodyStream(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let closed = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const end = () => {
          if (closed) return;
          closed = true;
          controller.close();
        };
        raw.on('data', (chunk: Buffer) => {
          if (closed) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
        raw.once('end', end);
        raw.once('error', end);
        raw.once('close', end);
      },
      pull() {
        raw.resume();
      },
      cancel() {
        closed = true;
        raw.destroy();
      },
    },
    { highWaterMark: 4 },
  );
}

/** The Fastify request as the web Request the tus server handles (its Location is a path: the host is unused). */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TUS_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = request.method === 'PATCH' ? { body: bodyStream(request.raw), duplex: 'half' as const } : {};
  return new Request(`http://tus.invalid${request.url}`, { method: request.method, headers, ...body });
}

/** The tus server's refusals (plain text) as {detail, code}: the protocol's status, a sentence for the console. */
function refusalOf(status: number, text: string): { status: number; code: string; detail: string } {
  try {
    const ours = JSON.parse(text) as { detail?: unknown; code?: unknown };
    if (typeof ours.detail === 'string' && typeof ours.code === 'string') {
      return { status, code: ours.code, detail: ours.detail };
    }
  } catch {
    // the tus server's own text
  }
  const known: Array<[RegExp, number, string, string]> = [
    [
      /^Tus-Resumable Required/,
      412,
      'tus_version_required',
      `This address takes tus uploads: send Tus-Resumable: ${TUS_VERSION}.`,
    ],
    [/^Invalid /, 400, 'upload_header_invalid', `An upload header is not valid (${text.trim().slice(8, 80)}).`],
    [/Upload-Offset header required/, 400, 'upload_header_invalid', 'Send Upload-Offset: where these bytes begin.'],
    [
      /Content-Type header required/,
      415,
      'unsupported_media_type',
      'Send the bytes as application/offset+octet-stream.',
    ],
    [/was not found/, 404, 'upload_not_found', 'There is no upload at this address.'],
    [
      /Upload-Offset conflict/,
      409,
      'upload_offset_conflict',
      'These bytes do not begin where the upload stands: ask for its offset (HEAD) and continue from there.',
    ],
    [
      /no longer exists/,
      410,
      'upload_gone',
      'This upload is no longer here: it was refused, or it expired a day after it began. Start a new upload.',
    ],
    [/size exceeded|Maximum size exceeded/, 413, 'upload_too_large', 'A lesson video can be at most 2 GB.'],
    [/lock acquired|acquire lock/, 423, 'upload_busy', 'Another request is writing this upload: try again shortly.'],
    [/not \(yet\) supported/, 400, 'upload_unsupported', 'Send the video as one upload, in PATCH requests in order.'],
  ];
  for (const [pattern, mapped, code, detail] of known) {
    if (pattern.test(text)) return { status: mapped, code, detail };
  }
  return { status, code: 'upload_refused', detail: 'This upload request could not be processed.' };
}

/** Sends the tus server's answer through Fastify: its headers and status; a refusal as {detail, code}. */
async function sendTus(reply: FastifyReply, response: Response) {
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) reply.header(name, value);
  });
  const text = await response.text();
  if (response.status < 400) return reply.code(response.status).send();
  if (response.status >= 500 && response.status !== 501) return reply.code(500).send({ code: 'internal_error' });
  const refusal = refusalOf(response.status, text);
  return reply.code(refusal.status).send({ detail: refusal.detail, code: refusal.code });
}

function requireTus(request: FastifyRequest) {
  if (request.headers['tus-resumable'] !== TUS_VERSION) {
    throw new AppError(
      412,
      'tus_version_required',
      `This address takes tus uploads: send Tus-Resumable: ${TUS_VERSION}.`,
    );
  }
}

/** Upload-Metadata: base64 values by key, validated (the lesson, the file's name). */
function metadataOf(header: string | string[] | undefined): VideoUploadMetadata {
  let raw: Record<string, string | null>;
  try {
    if (Array.isArray(header)) throw new Error('Upload-Metadata sent twice');
    raw = header ? Metadata.parse(header) : {};
  } catch {
    throw badRequest(
      'Upload-Metadata is not valid: comma-separated pairs of a key and a base64 value.',
      'upload_metadata_invalid',
    );
  }
  const parsed = videoUploadMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'Upload-Metadata';
    throw badRequest(`Upload-Metadata ${where}: ${issue?.message ?? 'not valid'}.`, 'upload_metadata_invalid');
  }
  return parsed.data;
}

/** Upload-Length: the whole file's size, known from the start (no deferred length), 1 byte to 2 GiB. */
function checkLength(request: FastifyRequest) {
  const header = request.headers['upload-length'];
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) {
    throw badRequest("Send the file's size in bytes in Upload-Length.", 'upload_length_required');
  }
  const size = Number(header);
  if (size === 0) throw badRequest('This file is empty.', 'upload_empty');
  if (size > MAX_VIDEO_UPLOAD_BYTES) {
    throw new AppError(413, 'upload_too_large', 'A lesson video can be at most 2 GB.');
  }
}

function videoUploadRoutes(uploads: VideoUploads): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.deps;
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    acceptOnly(app, 'Send the bytes of a video upload as application/offset+octet-stream (the tus protocol).');
    let probeChecked: Promise<boolean> | null = null;

    /**
     * Staff who may edit the upload's course may continue it (PATCH, HEAD); those who may read the course (support
     * too) may see how it stands and ended. The role is checked before the upload is looked up.
     */
    const checkedUpload = async (request: FastifyRequest, id: string, access: 'edit' | 'read' = 'edit') => {
      const roles: StaffRole[] = access === 'edit' ? ['admin', 'instructor'] : ['admin', 'support', 'instructor'];
      await requireRole(request, roles);
      const target = await uploads.target(id);
      if (!target) throw notFound('There is no upload at this address.', 'upload_not_found');
      const check = access === 'edit' ? requireCourseEditor : requireCourseReader;
      return check(request, db, target.courseId);
    };

    route(app, endpoints.adminCreateVideoUpload, { config: START_LIMIT }, async (request, reply) => {
      const user = await requireRole(request, ['admin', 'instructor']);
      requireTus(request);
      if (request.headers['transfer-encoding'] || Number(request.headers['content-length'] ?? 0) > 0) {
        throw badRequest('Create the upload without a body, then send the bytes in PATCH requests.', 'upload_body');
      }
      const metadata = metadataOf(request.headers['upload-metadata']);
      await requireCourseEditor(request, db, metadata.courseId);
      checkLength(request);
      // A missing ffprobe is found now, not after 2 GB have arrived (asked once per process).
      probeChecked ??= ffprobeAvailable();
      if (!(await probeChecked)) {
        probeChecked = null;
        throw unavailable(
          'Video uploads need ffprobe (ffmpeg) on the server, and it is not installed.',
          'video_probe_unavailable',
        );
      }
      return sendTus(reply, await uploads.handle(toWebRequest(request), { user, log: request.log, metadata }));
    });

    route(app, endpoints.adminVideoUploadChunk, { config: CHUNK_LIMIT }, async (request, reply) => {
      const user = await checkedUpload(request, request.params.uploadId);
      requireTus(request);
      return sendTus(reply, await uploads.handle(toWebRequest(request), { user, log: request.log }));
    });

    // The tus offset (HEAD), at the status's URL: the endpoint table lists it as that GET's twin.
    app.route({
      method: 'HEAD',
      url: endpoints.adminVideoUpload.path,
      schema: { params: videoUploadParamsSchema, hide: true },
      config: CHUNK_LIMIT,
      handler: async (request, reply) => {
        const { uploadId } = request.params as { uploadId: string };
        const user = await checkedUpload(request, uploadId);
        requireTus(request);
        return sendTus(reply, await uploads.handle(toWebRequest(request), { user, log: request.log }));
      },
    });

    route(app, endpoints.adminVideoUpload, { config: CHUNK_LIMIT, exposeHeadRoute: false }, async (request, reply) => {
      await checkedUpload(request, request.params.uploadId, 'read');
      const status = await uploads.status(request.params.uploadId);
      if (!status) throw notFound('There is no upload at this address.', 'upload_not_found');
      reply.header('cache-control', 'private, no-store');
      return status;
    });
  };
}

// ------------------------------------------------------------------------------------------------- captions

const captionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media } = app.deps;
  app.addContentTypeParser('text/vtt', { parseAs: 'buffer', bodyLimit: MAX_CAPTIONS_BYTES }, (_r, body, done) =>
    done(null, body),
  );
  acceptOnly(app, 'Send the captions as a WebVTT file (Content-Type: text/vtt).');
  tooLargeAs(app, 'captions_too_large', 'A captions file can be at most 1 MB.');

  route(app, endpoints.adminLessonCaptions, { config: WRITE_LIMIT, bodyLimit: MAX_CAPTIONS_BYTES }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const bytes = bytesOf(request, 'the WebVTT file');
    const check = checkWebVtt(bytes);
    if (!check.ok) throw badRequest(check.detail, 'captions_invalid');
    const { id: courseId, lessonId, lang } = request.params;
    const key = `uploads/${part(courseId)}/${part(lessonId)}-${lang}-${random()}.vtt`;
    await media.put(key, { bytes });
    try {
      return await setLessonCaptions(
        db,
        actorOf(user),
        { courseId, lessonId, version: request.query.version },
        { lang, label: request.query.label, key },
        clock(),
      );
    } catch (error) {
      await media.remove(key).catch(() => {});
      throw error;
    }
  });
};

// ------------------------------------------------------------------------------------------------ thumbnail

const thumbnailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media } = app.deps;
  const image = { parseAs: 'buffer', bodyLimit: MAX_THUMBNAIL_BYTES } as const;
  const keep = (_request: FastifyRequest, body: string | Buffer, done: (err: null, body: Buffer) => void) =>
    done(null, body as Buffer);
  // The declared type only lets the bytes in: sharp decides what they are.
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/i, image, keep);
  app.addContentTypeParser('application/octet-stream', image, keep);
  acceptOnly(app, "Send the picture's bytes as the request body (Content-Type: image/… or application/octet-stream).");
  tooLargeAs(app, 'image_too_large', 'A thumbnail picture can be at most 5 MB.');

  route(
    app,
    endpoints.adminCourseThumbnail,
    { config: WRITE_LIMIT, bodyLimit: MAX_THUMBNAIL_BYTES },
    async (request) => {
      const user = await requireCourseEditor(request, db, request.params.id);
      const result = await makeThumbnail(bytesOf(request, 'the picture'));
      if (!result.ok) throw badRequest(result.detail, 'image_invalid');
      const courseId = request.params.id;
      // The course's thumbnail is a path under /thumbnails/; the media store keeps it as thumbnails/<path>.
      const name = `${ADMIN_UPLOADS}/${part(courseId)}-${random()}`;
      const keys = [`${THUMBNAIL_PREFIX}${name}.webp`, `${THUMBNAIL_PREFIX}${name}.avif`] as const;
      await media.put(keys[0], { bytes: result.webp });
      await media.put(keys[1], { bytes: result.avif });
      try {
        return await setCourseThumbnail(
          db,
          actorOf(user),
          { courseId, version: request.query.version },
          `${name}.webp`,
          clock(),
        );
      } catch (error) {
        await Promise.all(keys.map((key) => media.remove(key).catch(() => {})));
        throw error;
      }
    },
  );
};
