import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  API_PREFIX,
  endpoints,
  MAX_VIDEO_UPLOAD_BYTES,
  type VideoUpload,
  type VideoUploadMetadata,
} from '@kaushal/contract';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { probeVideo } from '../../providers/media/probe-video.ts';
import type { SessionUser } from '../auth/index.ts';
import { TRANSCODE_QUEUE } from '../streaming/index.ts';
import { actorOf } from './access.ts';
import { recordVideoUploadStart, setLessonVideo } from './uploads.ts';

/** An unfinished upload may be resumed for a day after it began; then its bytes are deleted. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** What the server decided about a finished upload, kept in the upload's own record (its .json file). */
interface Outcome {
  state: 'done' | 'refused' | 'failed';
  code: string | null;
  detail: string | null;
  durationSeconds: number | null;
  courseVersion: number | null;
}

/** The upload's record as @tus/file-store keeps it (DATA_DIR/uploads/<id>.json), with our outcome beside. */
type UploadRecord = Pick<Upload, 'id' | 'size' | 'creation_date'> & {
  metadata?: Record<string, string | null>;
  outcome?: Outcome;
};

/** Who sent a tus request: set by the route before the tus server handles it, read by its hooks. */
export interface TusCaller {
  user: SessionUser;
  log: FastifyBaseLogger;
  /** The validated metadata of a creation. */
  metadata?: VideoUploadMetadata;
}

/** A refusal from a hook, as the tus server passes it on: the status, and our {detail, code} as its body. */
export const tusRefusal = (status: number, code: string, detail: string) => ({
  status_code: status,
  body: JSON.stringify({ detail, code }),
});

/**
 * The tus server (@tus/server with @tus/file-store) behind the console's video uploads: partial files in
 * DATA_DIR/uploads, named by a random id; a finished one is probed with ffprobe and either refused (deleted) or
 * stored in the media store and set on its lesson, before the last PATCH is answered (decision 020).
 */
export function createVideoUploads(deps: Pick<AppDeps, 'config' | 'db' | 'media' | 'clock' | 'jobs'>) {
  const { config, db, media, clock, jobs } = deps;
  const callers = new WeakMap<Request, TusCaller>();
  const datastore = new FileStore({ directory: config.uploadsDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const dataFile = (id: string) => path.join(config.uploadsDir, id);

  const readRecord = async (id: string): Promise<UploadRecord | null> => {
    if (!UPLOAD_ID.test(id)) return null;
    return ((await datastore.configstore.get(id)) as UploadRecord | undefined) ?? null;
  };
  const writeOutcome = async (id: string, outcome: Outcome) => {
    const record = await readRecord(id);
    if (record) await datastore.configstore.set(id, { ...record, outcome } as unknown as Upload);
  };
  const callerOf = (req: Request): TusCaller => {
    const caller = callers.get(req);
    if (!caller) throw new Error('a tus request reached the tus server without its caller');
    return caller;
  };

  /** Runs when the last byte has arrived, before the last PATCH is answered. */
  async function finish(req: Request, upload: Upload) {
    const { user, log } = callerOf(req);
    const { courseId = '', lessonId = '' } = (upload.metadata ?? {}) as Record<string, string>;
    const file = dataFile(upload.id);
    let key: string | null = null;
    try {
      const probe = await probeVideo(file);
      if (!probe.ok) {
        await rm(file, { force: true });
        const { code, detail } = probe.refusal;
        await writeOutcome(upload.id, { state: 'refused', code, detail, durationSeconds: null, courseVersion: null });
        throw tusRefusal(400, code, detail);
      }
      const { video } = probe;
      key = `uploads/${courseId}/${lessonId}-${randomBytes(6).toString('hex')}.${video.extension}`;
      await media.put(key, { file });
      const version = await setLessonVideo(
        db,
        actorOf(user),
        { courseId, lessonId, key, durationSeconds: video.durationSeconds, upload: upload.id },
        clock(),
      );
      // The HLS ladder is made in the background (decision 034); the lesson plays this file until it is ready. A
      // job lost here is queued again by the sweep at the next start.
      await jobs
        .enqueue(TRANSCODE_QUEUE, { sourceKey: key })
        .catch((error: unknown) => log.error({ err: error, key }, 'the video transcode could not be queued'));
      await writeOutcome(upload.id, {
        state: 'done',
        code: null,
        detail: null,
        durationSeconds: video.durationSeconds,
        courseVersion: version,
      });
      return {};
    } catch (error) {
      if (key) await media.remove(key).catch(() => {});
      if ('status_code' in (error as object)) throw error;
      if (error instanceof AppError && error.status < 500) {
        await rm(file, { force: true });
        await writeOutcome(upload.id, { ...noResult, state: 'refused', code: error.code, detail: error.detail });
        throw tusRefusal(error.status, error.code, error.detail);
      }
      log.error({ err: error, upload: upload.id }, 'a finished video upload could not be stored');
      await writeOutcome(upload.id, {
        ...noResult,
        state: 'failed',
        code: 'video_not_stored',
        detail: 'The video arrived but could not be stored. Upload it again.',
      });
      throw error;
    }
  }

  const server = new TusServer({
    path: `${API_PREFIX}${endpoints.adminCreateVideoUpload.path}`,
    datastore,
    maxSize: MAX_VIDEO_UPLOAD_BYTES,
    // Location is the path alone: no Host or X-Forwarded-* header can point a client elsewhere.
    relativeLocation: true,
    respectForwardedHeaders: false,
    // CORS is the API's own (@fastify/cors when WEB_ORIGIN is another origin); the tus server adds none.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),
    getFileIdFromRequest: (_req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    onUploadCreate: async (req, upload) => {
      const { user, metadata } = callerOf(req);
      if (!metadata) throw new Error('a creation without its metadata');
      const filename = metadata.filename || 'video';
      try {
        await recordVideoUploadStart(
          db,
          actorOf(user),
          { id: upload.id, courseId: metadata.courseId, lessonId: metadata.lessonId, filename, size: upload.size ?? 0 },
          clock(),
        );
      } catch (error) {
        if (error instanceof AppError && error.status < 500) throw tusRefusal(error.status, error.code, error.detail);
        throw error;
      }
      // Only what was validated is kept (and echoed in HEAD's Upload-Metadata).
      return { metadata: { courseId: metadata.courseId, lessonId: metadata.lessonId, filename } };
    },
    onUploadFinish: finish,
    onResponseError: async (req, error) => {
      if (!('status_code' in error)) callers.get(req)?.log.error({ err: error }, 'tus server error');
    },
  });

  return {
    /** Lets the tus server answer a request whose caller the route has checked. */
    handle(request: Request, caller: TusCaller): Promise<Response> {
      callers.set(request, caller);
      return server.handleWeb(request);
    },
    /** The upload's course and lesson (to check who may touch it), or null when there is no such upload. */
    async target(id: string): Promise<{ courseId: string; lessonId: string } | null> {
      const record = await readRecord(id);
      const courseId = record?.metadata?.courseId;
      const lessonId = record?.metadata?.lessonId;
      return courseId && lessonId ? { courseId, lessonId } : null;
    },
    /** Where an upload stands, for GET /admin/uploads/videos/:id. */
    async status(id: string): Promise<VideoUpload | null> {
      const record = await readRecord(id);
      if (!record?.metadata?.courseId || !record.metadata.lessonId) return null;
      const offset = (await stat(dataFile(id)).catch(() => null))?.size ?? 0;
      const size = record.size ?? 0;
      const outcome = record.outcome;
      const created = new Date(record.creation_date ?? 0).getTime();
      return {
        id,
        courseId: record.metadata.courseId,
        lessonId: record.metadata.lessonId,
        filename: record.metadata.filename ?? '',
        size,
        offset: outcome?.state === 'refused' ? size : offset,
        state: outcome?.state ?? (offset >= size ? 'processing' : 'uploading'),
        detail: outcome?.detail ?? null,
        code: outcome?.code ?? null,
        durationSeconds: outcome?.durationSeconds ?? null,
        courseVersion: outcome?.courseVersion ?? null,
        expiresAt: new Date(created + UPLOAD_EXPIRY_MS).toISOString(),
      };
    },
    /**
     * Deletes every upload begun more than UPLOAD_EXPIRY_MS ago: unfinished bytes, a finished one's second name
     * (the media store keeps its own), a refused one's record. Wall-clock time, as the tus server's own expiry.
     */
    async sweep(now = Date.now()): Promise<number> {
      const names = await readdir(config.uploadsDir).catch(() => [] as string[]);
      const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)));
      let removed = 0;
      for (const id of ids) {
        const record = await readRecord(id);
        const began = record?.creation_date
          ? new Date(record.creation_date).getTime()
          : ((await stat(dataFile(id)).catch(() => null))?.mtimeMs ?? now);
        if (now - began < UPLOAD_EXPIRY_MS) continue;
        await rm(dataFile(id), { force: true });
        await rm(`${dataFile(id)}.json`, { force: true });
        removed++;
      }
      return removed;
    },
    sweepEveryMs: SWEEP_EVERY_MS,
  };
}

const noResult = { durationSeconds: null, courseVersion: null } as const;

export type VideoUploads = ReturnType<typeof createVideoUploads>;
