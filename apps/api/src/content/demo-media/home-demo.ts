import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CourseFile } from '../schema.ts';
import { encodeSlideshow, GENERATED_PREFIX, GENERATOR_VERSION, SAMPLE_RATE, speak, wavFile } from './generate.ts';
import {
  homeDemoScript,
  LOOP_END,
  LOOP_START,
  layOutTour,
  TOUR_TIMING,
  type TourLayout,
  type TourScript,
  tourLines,
} from './home-demo-script.ts';
import { tourFrameSvg } from './home-demo-slides.ts';
import type { MediaTools } from './tools.ts';

/**
 * The home page's demo video, made like the narrated demo lessons (slides drawn as SVG, espeak-ng's narration,
 * ffmpeg) from the catalogue's own courses, and kept in the demo media folder (DATA_DIR/demo-media) as
 * `home-<hash>.mp4`. `home-demo.json` names the one to play (written last, so it names a complete video);
 * GET /api/v1/demo-video plays it, and the committed content/media/demo.mp4 until there is one.
 */

/** Bump when the tour's look or timing changes: the video is then made again under a new key. */
export const HOME_DEMO_VERSION = 1;
export const HOME_DEMO_MANIFEST = 'home-demo.json';

export interface HomeDemoManifest {
  version: number;
  hash: string;
  /** The media key: `generated/home-<hash>.mp4`, served from the demo media folder. */
  video: string;
  durationSeconds: number;
  bytes: number;
  /** Where the home page's loop starts and ends: slide changes, so it jumps from one whole slide to another. */
  loop: { start: number; end: number };
  slides: Array<{ kind: string; start: number; end: number }>;
}

type Site = Parameters<typeof homeDemoScript>[1];

/** The tour of a catalogue and its cache key (the script and the generator's settings). */
export function homeDemoJob(courses: readonly CourseFile[], site: Site): { script: TourScript; hash: string } {
  const script = homeDemoScript(courses, site);
  const inputs = JSON.stringify({ HOME_DEMO_VERSION, GENERATOR_VERSION, TOUR_TIMING, script });
  return { script, hash: createHash('sha256').update(inputs).digest('hex').slice(0, 24) };
}

const videoFile = (hash: string) => `home-${hash}.mp4`;

/** The manifest in the folder, if it names a home demo video of its own (whether or not the video is there). */
function parseManifest(cacheDir: string): HomeDemoManifest | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(cacheDir, HOME_DEMO_MANIFEST), 'utf8')) as HomeDemoManifest;
    const named =
      typeof manifest.hash === 'string' &&
      /^[0-9a-f]+$/.test(manifest.hash) &&
      manifest.video === `${GENERATED_PREFIX}${videoFile(manifest.hash)}`;
    return named ? manifest : null;
  } catch {
    return null;
  }
}

/** The manifest of the home demo video the folder holds, or null when there is none (or its video is gone). */
export function readHomeDemo(cacheDir: string): HomeDemoManifest | null {
  const manifest = parseManifest(cacheDir);
  return manifest && existsSync(path.join(cacheDir, videoFile(manifest.hash))) ? manifest : null;
}

/**
 * For the demo video route: the media key of the home demo video in `cacheDir`, or null while there is none.
 * Looks at the folder on each call (two stats), reading the manifest again only when it changes.
 */
export function homeDemoLookup(cacheDir: string): () => string | null {
  const manifestPath = path.join(cacheDir, HOME_DEMO_MANIFEST);
  let seen: { mtimeMs: number; size: number; manifest: HomeDemoManifest | null } | null = null;
  return () => {
    const info = statSync(manifestPath, { throwIfNoEntry: false });
    if (!info) return null;
    if (!seen || seen.mtimeMs !== info.mtimeMs || seen.size !== info.size) {
      seen = { mtimeMs: info.mtimeMs, size: info.size, manifest: parseManifest(cacheDir) };
    }
    const { manifest } = seen;
    return manifest && existsSync(path.join(cacheDir, videoFile(manifest.hash))) ? manifest.video : null;
  };
}

/** The images of a laid-out tour: each slide with the line being said printed, changing as each line starts. */
export function tourImages(layout: TourLayout): Array<{ slide: number; line: string | null; seconds: number }> {
  const images: Array<{ slide: number; line: string | null; seconds: number }> = [];
  for (const [index, slide] of layout.slides.entries()) {
    const starts = slide.cues.map((cue, i) => (i === 0 ? slide.start : cue.start));
    if (starts.length === 0) images.push({ slide: index, line: null, seconds: slide.end - slide.start });
    for (const [i, cue] of slide.cues.entries()) {
      const from = starts[i] ?? slide.start;
      const to = starts[i + 1] ?? slide.end;
      images.push({ slide: index, line: cue.text, seconds: to - from });
    }
  }
  return images;
}

/**
 * Makes the home demo video for a catalogue unless the folder already holds it: speaks the whole tour in one
 * espeak-ng run, lays it out (the loop the home page plays from 35 s to 80 s is whole slides), draws a frame
 * for each line said, and has ffmpeg encode them with the narration (H.264 at 2 frames a second, AAC mono).
 * The manifest is written last; the video it named before is removed.
 */
export async function generateHomeDemo(options: {
  courses: readonly CourseFile[];
  site: Site;
  cacheDir: string;
  tools: MediaTools;
  signal?: AbortSignal;
}): Promise<{ manifest: HomeDemoManifest; made: boolean }> {
  const { cacheDir, tools, signal } = options;
  const { script, hash } = homeDemoJob(options.courses, options.site);
  const existing = readHomeDemo(cacheDir);
  if (existing?.hash === hash) return { manifest: existing, made: false };

  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, `.work-home-${hash}-`));
  try {
    const spoken = await speak(
      tourLines(script).map((line) => line.text),
      tools,
      signal,
    );
    const layout = layOutTour(
      script,
      spoken.map((samples) => samples.length / SAMPLE_RATE),
    );
    const samples = new Int16Array(Math.round(layout.seconds * SAMPLE_RATE));
    for (const slide of layout.slides) {
      for (const cue of slide.cues) {
        const speech = spoken[cue.line];
        if (speech)
          samples.set(
            speech.subarray(0, samples.length - Math.round(cue.start * SAMPLE_RATE)),
            Math.round(cue.start * SAMPLE_RATE),
          );
      }
    }
    await writeFile(path.join(work, 'narration.wav'), wavFile(samples, SAMPLE_RATE));

    const images = tourImages(layout);
    const files: Array<{ file: string; seconds: number }> = [];
    for (const [i, image] of images.entries()) {
      const slide = layout.slides[image.slide]?.slide;
      if (!slide) continue;
      const file = `frame-${i}.svg`;
      await writeFile(path.join(work, file), tourFrameSvg(script, slide, image.line));
      files.push({ file, seconds: image.seconds });
    }
    const video = path.join(work, 'home.mp4');
    await encodeSlideshow({
      work,
      images: files,
      narration: path.join(work, 'narration.wav'),
      seconds: layout.seconds,
      fps: TOUR_TIMING.fps,
      output: video,
      tools,
      signal,
    });

    await rename(video, path.join(cacheDir, videoFile(hash)));
    const manifest: HomeDemoManifest = {
      version: HOME_DEMO_VERSION,
      hash,
      video: `${GENERATED_PREFIX}${videoFile(hash)}`,
      durationSeconds: layout.seconds,
      bytes: (await stat(path.join(cacheDir, videoFile(hash)))).size,
      loop: { start: LOOP_START, end: LOOP_END },
      slides: layout.slides.map((s) => ({ kind: s.slide.content.kind, start: s.start, end: s.end })),
    };
    await writeFile(path.join(work, HOME_DEMO_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(path.join(work, HOME_DEMO_MANIFEST), path.join(cacheDir, HOME_DEMO_MANIFEST));
    // The videos of earlier catalogues: nothing names them any more (a request playing one keeps its file open).
    for (const name of await readdir(cacheDir)) {
      if (/^home-[0-9a-f]+\.mp4$/.test(name) && name !== videoFile(hash)) {
        await rm(path.join(cacheDir, name), { force: true });
      }
    }
    return { manifest, made: true };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
