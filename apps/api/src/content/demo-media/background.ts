import { and, eq, like, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { lessons } from '../../db/schema.ts';
import { loadCatalogue, loadSiteConfig } from '../load.ts';
import { type GenerationSummary, generateDemoMedia } from './catalogue.ts';
import type { DemoLessonJob, DemoMediaManifest } from './generate.ts';
import { generateHomeDemo } from './home-demo.ts';
import { findMediaTools, missingTools } from './tools.ts';

/**
 * Points a demo lesson's row at its generated media. Only a row still in its demo state changes: playing the
 * stand-in its file names, or an earlier generated lesson, with the title and description the media narrates.
 * A lesson an operator has given a real video (or new words, not yet narrated) is left alone.
 */
export async function applyDemoLesson(db: Db, job: DemoLessonJob, manifest: DemoMediaManifest): Promise<boolean> {
  const updated = await db
    .update(lessons)
    .set({
      videoType: 'direct',
      videoRef: manifest.video,
      durationSeconds: manifest.durationSeconds,
      captions: manifest.captions,
    })
    .where(
      and(
        eq(lessons.id, job.lesson.id),
        eq(lessons.videoType, 'direct'),
        or(eq(lessons.videoRef, job.standIn.video.key), like(lessons.videoRef, 'generated/%')),
        ne(lessons.videoRef, manifest.video),
        eq(lessons.title, job.lesson.title),
        eq(lessons.description, job.lesson.description),
      ),
    )
    .returning({ id: lessons.id });
  return updated.length > 0;
}

export interface DemoMediaRun {
  /** The run's summary once every lesson is ready; null when the tools are missing, or it failed or stopped. */
  done: Promise<GenerationSummary | null>;
  /** Stops the run (the ffmpeg or espeak-ng it started is killed) and waits for it. */
  stop(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * The product's background job at start: makes the home page's demo video (home-demo.ts) and the narrated demo
 * lessons missing from the cache, one at a time at low priority, and points each lesson at its media as soon as
 * it is ready (lessons already in the cache at once). Without ffmpeg or espeak-ng it logs one line and the
 * stand-ins stay.
 */
export function startDemoMedia(options: {
  contentDir: string;
  cacheDir: string;
  db: Db;
  log: Log;
  /** Where to look for the programs (PATH by default). */
  searchPath?: string;
  /** Called each time a lesson switches to its generated media (its HLS ladder is then queued). */
  onLessonApplied?: () => void;
}): DemoMediaRun {
  const { log } = options;
  const controller = new AbortController();
  const done = (async () => {
    const found = await findMediaTools(options.searchPath);
    if (!found.ok) {
      log.warn(
        `demo media: ${missingTools(found.missing)}, so demo lessons and the home page's demo video play the committed stand-in videos (content/media); for narrated ones: apt-get install ffmpeg espeak-ng`,
      );
      return null;
    }
    const { courses } = await loadCatalogue(options.contentDir);
    // The home page's demo video first: every visitor sees it (a few seconds of one core).
    try {
      const started = performance.now();
      const home = await generateHomeDemo({
        courses,
        site: await loadSiteConfig(options.contentDir),
        cacheDir: options.cacheDir,
        tools: found.tools,
        signal: controller.signal,
      });
      if (home.made) {
        log.info(
          `demo media: the home page's demo video (${home.manifest.durationSeconds} s) made in ${((performance.now() - started) / 1000).toFixed(0)} s; it plays from now on`,
        );
      }
    } catch (error) {
      if (controller.signal.aborted) throw error;
      log.warn({ err: error }, "demo media: making the home page's demo video failed; it plays the committed one");
    }
    let applied = 0;
    const summary = await generateDemoMedia({
      courses,
      cacheDir: options.cacheDir,
      tools: found.tools,
      signal: controller.signal,
      onStart(missing, total) {
        if (missing > 0) {
          log.info(
            `demo media: making ${missing} of ${total} narrated demo lessons in the background into ${options.cacheDir}; each plays its stand-in video until it is ready`,
          );
        }
      },
      async onReady(job, manifest) {
        if (await applyDemoLesson(options.db, job, manifest)) {
          applied++;
          options.onLessonApplied?.();
        }
      },
    });
    if (summary.generated > 0 || applied > 0) {
      log.info(
        `demo media: ${summary.generated} lessons made in ${summary.seconds.toFixed(0)} s, ${summary.cached} found ready; ${applied} lessons now play them`,
      );
    }
    return summary;
  })().catch((error: unknown) => {
    if (controller.signal.aborted) return null;
    log.warn(
      { err: error },
      'demo media: making the demo lessons failed; the lessons not made keep their stand-in videos',
    );
    return null;
  });
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
