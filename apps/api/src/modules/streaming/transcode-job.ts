import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { hlsRenditions, lessons } from '../../db/schema.ts';
import type { JobHandler, JobQueue, QueueDefinition } from '../../providers/jobs/job-queue.ts';
import { JOBS_SCHEMA } from '../../providers/jobs/job-queue.ts';
import type { MediaStore } from '../../providers/media/media-store.ts';
import { removeStaleLadders } from './stale-ladders.ts';
import { findFfmpeg, TranscodeError, transcodeToHls } from './transcode.ts';

export const TRANSCODE_QUEUE = 'video-transcode';

export interface TranscodeJobData {
  sourceKey: string;
}

/** Two retries a minute apart, then failed: a file ffmpeg cannot read will not read better later. */
export const transcodeQueue: QueueDefinition = {
  name: TRANSCODE_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: 60,
  // Three hours of lecture at 'veryfast' on one busy core.
  expireInSeconds: 6 * 3600,
};

/** The HLS files of one transcode: `uploads/hls/<set>/…` (under UPLOAD_PREFIX, so every store's `put` takes them). */
export const hlsPrefix = (setId: string) => `uploads/hls/${setId}`;

export interface TranscodeDeps {
  db: Db;
  media: MediaStore;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** x264 preset ('veryfast'; tests 'ultrafast'). */
  preset?: string;
  /** Where ffmpeg is looked for (PATH by default). */
  searchPath?: string;
}

/** What a run did: `ready` (renditions stored), `gone` (no lesson plays the source any more), `exists`. */
export type TranscodeOutcome = 'ready' | 'gone' | 'exists';

/** Whether a lesson (published or draft) still plays this key as its direct video. */
async function stillPlayed(db: Db, sourceKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.videoType, 'direct'), eq(lessons.videoRef, sourceKey)))
    .limit(1);
  return Boolean(row);
}

async function hasLadder(db: Db, sourceKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: hlsRenditions.id })
    .from(hlsRenditions)
    .where(eq(hlsRenditions.sourceKey, sourceKey))
    .limit(1);
  return Boolean(row);
}

/**
 * Transcodes one source into its HLS ladder: copies it out of the media store, runs ffmpeg (progress in the log),
 * puts every file in the store under a fresh prefix, then records the renditions in one transaction, but only if
 * a lesson still plays the source (an upload replaced or deleted mid-transcode leaves nothing behind). A failure
 * removes what it stored and throws, so the job is retried; missing ffmpeg fails at once with what to install.
 */
export async function transcodeSource(deps: TranscodeDeps, sourceKey: string): Promise<TranscodeOutcome> {
  const { db, media, log } = deps;
  let tools: Awaited<ReturnType<typeof findFfmpeg>>;
  try {
    tools = await findFfmpeg(deps.searchPath);
  } catch (error) {
    log.error(`video transcode of ${sourceKey}: ${(error as Error).message}`);
    throw error;
  }
  if (await hasLadder(db, sourceKey)) return 'exists';
  if (!(await stillPlayed(db, sourceKey))) {
    log.info(`video transcode of ${sourceKey}: no lesson plays it any more; nothing to do`);
    return 'gone';
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'kaushal-hls-'));
  const stored: string[] = [];
  try {
    const source = path.join(work, 'source');
    // ffmpeg reads files: the source is copied out of the store (local folder or bucket) first.
    if (!(await media.stat(sourceKey))) {
      log.warn(`video transcode of ${sourceKey}: the file is gone from the media store; nothing to do`);
      return 'gone';
    }
    await pipeline(await media.read(sourceKey), createWriteStream(source, { flags: 'wx' }));
    const started = performance.now();
    log.info(`video transcode of ${sourceKey}: started`);
    let reported = -1;
    const result = await transcodeToHls(source, path.join(work, 'out'), {
      tools,
      preset: deps.preset,
      onProgress: (percent) => {
        // Every tenth: enough to see it move in the console without a line per second.
        const step = Math.floor(percent / 10) * 10;
        if (step > reported) {
          reported = step;
          log.info(`video transcode of ${sourceKey}: ${step}%`);
        }
      },
    });
    const setId = randomBytes(8).toString('hex');
    const prefix = hlsPrefix(setId);
    const put = async (key: string, file: string) => {
      await media.put(key, { file });
      stored.push(key);
    };
    const posterKey = `${prefix}/poster.jpg`;
    await put(posterKey, result.poster);
    for (const rendition of result.renditions) {
      for (const segment of rendition.segments) {
        await put(`${prefix}/${rendition.label}/${segment}`, path.join(rendition.dir, segment));
      }
    }
    const recorded = await db.transaction(async (tx) => {
      // The lesson rows that play the source are locked: a replacement waits for this commit, or went first.
      const playing = await tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.videoType, 'direct'), eq(lessons.videoRef, sourceKey)))
        .for('update');
      if (playing.length === 0) return 'gone' as const;
      if (await hasLadder(tx as unknown as Db, sourceKey)) return 'exists' as const;
      await tx.insert(hlsRenditions).values(
        result.renditions.map((r) => ({
          sourceKey,
          setId,
          label: r.label,
          width: r.width,
          height: r.height,
          bandwidth: r.bandwidth,
          codecs: r.codecs,
          playlist: r.playlist,
          posterKey,
        })),
      );
      return 'ready' as const;
    });
    if (recorded !== 'ready') {
      await removeAll(media, stored);
      log.info(
        `video transcode of ${sourceKey}: ${recorded === 'gone' ? 'the video was replaced or deleted while it ran; its files are removed' : 'another run finished first'}`,
      );
      return recorded;
    }
    // The ladder this one replaces (the lesson's previous upload) goes now, never before: decision 039.
    await removeStaleLadders(deps).catch((error: unknown) =>
      log.error(`video transcode of ${sourceKey}: old ladders not removed: ${(error as Error).message}`),
    );
    log.info(
      `video transcode of ${sourceKey}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${result.renditions.map((r) => r.label).join(', ')}${result.source.hasAudio ? '' : ', no audio'})`,
    );
    return 'ready';
  } catch (error) {
    await removeAll(media, stored);
    log.error(`video transcode of ${sourceKey} failed: ${(error as Error).message}`);
    throw error instanceof TranscodeError ? error : new TranscodeError((error as Error).message);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function removeAll(media: MediaStore, keys: string[]) {
  for (const key of keys) await media.remove(key).catch(() => {});
}

export const transcodeHandler =
  (deps: TranscodeDeps): JobHandler<TranscodeJobData> =>
  async (job) => {
    await transcodeSource(deps, job.data.sourceKey);
  };

/**
 * Queues a transcode for every direct lesson video without a ladder and without a job waiting or running for it:
 * the seeded demo videos after start, uploads whose job was lost. Returns how many were queued.
 */
export async function queueMissingTranscodes(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await db
    .selectDistinct({ key: lessons.videoRef })
    .from(lessons)
    .leftJoin(hlsRenditions, eq(hlsRenditions.sourceKey, lessons.videoRef))
    .where(and(eq(lessons.videoType, 'direct'), isNull(hlsRenditions.id)));
  const keys = rows.map((r) => r.key).filter((key): key is string => Boolean(key));
  if (keys.length === 0) return 0;
  const waiting = await db.execute(
    sql`select data->>'sourceKey' as key from ${sql.raw(JOBS_SCHEMA)}.job where name = ${TRANSCODE_QUEUE} and state < 'completed' and data->>'sourceKey' in ${keys}`,
  );
  const busy = new Set((waiting as unknown as { rows: Array<{ key: string }> }).rows.map((r) => r.key));
  let queued = 0;
  for (const key of keys) {
    if (busy.has(key)) continue;
    await jobs.enqueue(TRANSCODE_QUEUE, { sourceKey: key } satisfies TranscodeJobData);
    queued++;
  }
  return queued;
}

/** The renditions of a source, lowest first (the master playlist's order). */
export async function renditionsOf(db: Db, sourceKeys: string[]) {
  if (sourceKeys.length === 0) return [];
  return db
    .select()
    .from(hlsRenditions)
    .where(inArray(hlsRenditions.sourceKey, sourceKeys))
    .orderBy(hlsRenditions.height);
}

/** The transcode queue and, where this process runs jobs and VIDEO_TRANSCODE is on, its worker. */
export function streamingJobs(app: {
  deps: { db: Db; media: MediaStore; jobs: JobQueue; config: { videoTranscode: boolean } };
  log: FastifyBaseLogger;
}) {
  const { db, media, jobs, config } = app.deps;
  return {
    queues: [transcodeQueue],
    start: async () => {
      if (config.videoTranscode) await jobs.work(TRANSCODE_QUEUE, transcodeHandler({ db, media, log: app.log }));
    },
  };
}
