import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CourseFile } from '../schema.ts';
import {
  type DemoLessonJob,
  type DemoMediaManifest,
  demoMediaHash,
  GENERATED_PREFIX,
  GENERATOR_VERSION,
  generateLessonMedia,
  mediaFiles,
  type StandIn,
} from './generate.ts';
import { lessonScript } from './script.ts';
import type { MediaTools } from './tools.ts';

/**
 * The committed videos that stand in for lessons nobody has recorded yet (content/media). A lesson that
 * plays one of them is a demo lesson: where ffmpeg and espeak-ng are installed it gets a narrated lesson of
 * its own, made from its title and description; elsewhere it keeps the stand-in.
 */
export const STAND_IN_VIDEOS: ReadonlySet<string> = new Set(['lesson-intro.mp4', 'lesson-short.mp4']);

/** Every demo lesson of the catalogue with its script and cache key, free lessons and featured courses first. */
export function demoLessonJobs(courses: readonly CourseFile[]): DemoLessonJob[] {
  const jobs: Array<DemoLessonJob & { order: number[] }> = [];
  for (const course of courses) {
    for (const [index, lesson] of course.lessons.entries()) {
      if (lesson.video?.type !== 'direct' || !STAND_IN_VIDEOS.has(lesson.video.key)) continue;
      const script = lessonScript(course, index);
      const standIn: StandIn = {
        video: { type: 'direct', key: lesson.video.key },
        durationSeconds: lesson.durationSeconds,
        captions: lesson.captions,
      };
      jobs.push({
        lesson: { id: lesson.id, title: lesson.title, description: lesson.description },
        script,
        standIn,
        hash: demoMediaHash(script, standIn),
        order: [lesson.isFree ? 0 : 1, course.featured ? 0 : 1, course.sortOrder, index],
      });
    }
  }
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  return jobs.sort((a, b) => compare(a.order, b.order)).map(({ order: _order, ...job }) => job);
}

/** The manifest of a generated lesson in the cache, or null when it has not been made (or is incomplete). */
export function readManifest(cacheDir: string, hash: string): DemoMediaManifest | null {
  const files = mediaFiles(cacheDir, hash);
  try {
    const manifest = JSON.parse(readFileSync(files.manifest, 'utf8')) as DemoMediaManifest;
    if (manifest.version !== GENERATOR_VERSION || manifest.hash !== hash) return null;
    return existsSync(files.video) && existsSync(files.captions) ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue as it is served: each demo lesson whose narrated lesson is in the cache plays it, with its
 * length and captions; the others keep their stand-in. Reads the cache only (nothing is made here), so a
 * seed or import on a machine without ffmpeg, or before the first lessons are made, gives the files as they are.
 */
export function resolveDemoMedia(courses: readonly CourseFile[], cacheDir: string) {
  const ready = new Map<string, DemoMediaManifest>();
  for (const job of demoLessonJobs(courses)) {
    const manifest = readManifest(cacheDir, job.hash);
    if (manifest) ready.set(job.script.lessonId, manifest);
  }
  const resolved = courses.map((course) => ({
    ...course,
    lessons: course.lessons.map((lesson) => {
      const manifest = ready.get(lesson.id);
      return manifest
        ? {
            ...lesson,
            video: { type: 'direct' as const, key: manifest.video },
            durationSeconds: manifest.durationSeconds,
            captions: manifest.captions,
          }
        : lesson;
    }),
  }));
  return { courses: resolved, generated: ready.size };
}

/**
 * The stand-in a generated video replaced, read from its manifest (for export, so exported course files
 * read like the originals); null for any other key, or when the cache no longer holds that lesson.
 */
export function standInOf(videoKey: string, cacheDir: string): StandIn | null {
  const match = /^generated\/([0-9a-f]+)\.mp4$/.exec(videoKey);
  if (!match?.[1]) return null;
  return readManifest(cacheDir, match[1])?.standIn ?? null;
}

export const isGeneratedKey = (key: string) => key.startsWith(GENERATED_PREFIX);

/** A work folder this old was left by a process that was killed (a lesson takes seconds). */
const ABANDONED_MS = 15 * 60 * 1000;

/** Removes the work folders of lessons whose making was cut short by a kill; recent ones may be another run's. */
async function removeAbandonedWork(cacheDir: string) {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith('.work-'))) {
    const folder = path.join(cacheDir, name);
    const info = await stat(folder).catch(() => null);
    if (info && Date.now() - info.mtimeMs > ABANDONED_MS) await rm(folder, { recursive: true, force: true });
  }
}

export interface GenerationSummary {
  /** Lessons made in this run. */
  generated: number;
  /** Lessons found in the cache. */
  cached: number;
  seconds: number;
}

/**
 * Makes every demo lesson missing from the cache, one at a time, calling `onReady` for each lesson that is
 * ready (made now or found). Stops at the first failure, or when `signal` aborts.
 */
export async function generateDemoMedia(options: {
  courses: readonly CourseFile[];
  cacheDir: string;
  tools: MediaTools;
  signal?: AbortSignal;
  onStart?(missing: number, total: number): void;
  onReady?(job: DemoLessonJob, manifest: DemoMediaManifest, made: boolean): Promise<void> | void;
}): Promise<GenerationSummary> {
  const started = performance.now();
  await removeAbandonedWork(options.cacheDir);
  const jobs = demoLessonJobs(options.courses);
  const ready = jobs.map((job) => readManifest(options.cacheDir, job.hash));
  options.onStart?.(ready.filter((m) => !m).length, jobs.length);
  const summary: GenerationSummary = { generated: 0, cached: 0, seconds: 0 };
  for (const [i, job] of jobs.entries()) {
    options.signal?.throwIfAborted();
    let manifest = ready[i] ?? null;
    const made = !manifest;
    if (!manifest) {
      manifest = await generateLessonMedia(job, options.cacheDir, options.tools, options.signal);
      summary.generated++;
    } else summary.cached++;
    await options.onReady?.(job, manifest, made);
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
