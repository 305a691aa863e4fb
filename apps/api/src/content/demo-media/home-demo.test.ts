import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { repoRoot } from '../../paths.ts';
import { loadCatalogue, loadSiteConfig } from '../load.ts';
import type { CourseFile } from '../schema.ts';
import {
  generateHomeDemo,
  HOME_DEMO_MANIFEST,
  type HomeDemoManifest,
  homeDemoJob,
  homeDemoLookup,
  tourImages,
} from './home-demo.ts';
import {
  homeDemoScript,
  LOOP_END,
  LOOP_START,
  layOutTour,
  MIN_SECONDS,
  TOUR_TIMING,
  type TourScript,
  tourLines,
} from './home-demo-script.ts';
import { tourFrameSvg } from './home-demo-slides.ts';
import { MAX_CUE_CHARS } from './script.ts';
import { findMediaTools, type MediaTools, missingTools } from './tools.ts';

/**
 * The home page's demo video: a narrated tour made from the catalogue (script, timeline, frames, cache) and,
 * where ffmpeg and espeak-ng are installed, made for real and served by GET /api/v1/demo-video.
 */

const contentDir = path.join(repoRoot, 'content');
const { courses } = await loadCatalogue(contentDir);
const site = await loadSiteConfig(contentDir);
const scratch = mkdtempSync(path.join(tmpdir(), 'kaushal-home-demo-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the home page plays of a laid-out tour: the slides showing between 35 s and 80 s. */
const loopSlides = (layout: ReturnType<typeof layOutTour>) =>
  layout.slides.filter((s) => s.start >= LOOP_START && s.end <= LOOP_END);

/** Every line said in `seconds`, except the extra ones, which take `extra` seconds. */
const speechOf = (script: TourScript, seconds: number, extra = seconds) =>
  tourLines(script).map((line) => (line.extra ? extra : seconds));

describe('the tour script', () => {
  const script = homeDemoScript(courses, site);

  it('introduces the product, tours the product in the loop the home page plays, and closes with how to start', () => {
    expect(script.sections.map((s) => [s.start, s.end])).toEqual([
      [0, LOOP_START],
      [LOOP_START, LOOP_END],
      [LOOP_END, null],
    ]);
    expect(script.sections.map((s) => s.slides.map((slide) => slide.content.kind))).toEqual([
      ['title', 'spotlight', 'spotlight'],
      ['catalogue', 'course', 'player', 'dashboard'],
      ['spotlight', 'start'],
    ]);
    const said = tourLines(script)
      .map((l) => l.text)
      .join(' ');
    expect(said).toContain('Welcome to Kaushal AI.');
    expect(said).toContain(`Browse ${courses.filter((c) => c.published).length} courses`);
    // The course page and the player show a free course, from its own file.
    expect(said).toContain('Python for AI Engineers: 6 lessons, free to enroll.');
    expect(said).toContain('Machine Learning Foundations.');
    expect(said).toContain('8 lessons, beginner level, 2,999 rupees.');
    for (const line of tourLines(script)) expect(line.text.length, line.text).toBeLessThanOrEqual(MAX_CUE_CHARS);
    // Nothing promised that the product does not have.
    expect(said).not.toMatch(/certificate|mentor|notebook download|quiz/i);
  });

  it('has the same cache key for the same catalogue, and a new one when a course shown changes', () => {
    const { hash } = homeDemoJob(courses, site);
    expect(homeDemoJob(courses, site).hash).toBe(hash);
    const renamed = courses.map((c) => (c.id === 'python-for-ai' ? { ...c, title: 'Python for AI, Revised' } : c));
    expect(homeDemoJob(renamed, site).hash).not.toBe(hash);
    expect(homeDemoJob(courses, { ...site, tagline: 'Another tagline.' }).hash).not.toBe(hash);
  });

  it('draws each frame as SVG with its text escaped and no id used twice', () => {
    const tricky: CourseFile[] = courses.map((c) =>
      c.id === 'python-for-ai' ? { ...c, title: 'Python & <AI> "for real"' } : c,
    );
    const trickyScript = homeDemoScript(tricky, site);
    for (const section of trickyScript.sections) {
      for (const slide of section.slides) {
        const svg = tourFrameSvg(trickyScript, slide, slide.lines[0]?.text ?? null);
        expect(svg).toMatch(/^<svg [^>]*width="1280" height="720"/);
        expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
        expect(svg).not.toContain('<AI>');
        const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(ids).size, slide.content.kind).toBe(ids.length);
      }
    }
    const course = trickyScript.sections[1]?.slides[1];
    if (!course) throw new Error('no course slide');
    expect(tourFrameSvg(trickyScript, course, 'Each course page lists its lessons.')).toContain(
      'Python &amp; &lt;AI&gt; &quot;for real&quot;',
    );
  });
});

describe('the tour timeline', () => {
  const script = homeDemoScript(courses, site);
  const frame = 1 / TOUR_TIMING.fps;
  const onFrame = (t: number) => Math.abs(t / frame - Math.round(t / frame)) < 1e-6;

  it('fills the loop the home page plays (35 s to 80 s) with whole slides, and lasts at least 90 whole seconds', () => {
    const layout = layOutTour(script, speechOf(script, 2.5));
    const loop = loopSlides(layout);
    expect(loop.map((s) => s.slide.content.kind)).toEqual(['catalogue', 'course', 'player', 'dashboard']);
    expect(loop[0]?.start).toBe(LOOP_START);
    expect(loop.at(-1)?.end).toBe(LOOP_END);
    expect(layout.seconds).toBeGreaterThanOrEqual(MIN_SECONDS);
    expect(Number.isInteger(layout.seconds)).toBe(true);
    expect(layout.slides.at(-1)?.end).toBe(layout.seconds);
    // Every line is said, on its own slide, one after another, each starting on a frame.
    expect(layout.slides.flatMap((s) => s.cues).map((c) => c.line)).toEqual(tourLines(script).map((_, i) => i));
    let previous = 0;
    for (const slide of layout.slides) {
      expect(onFrame(slide.start) && onFrame(slide.end)).toBe(true);
      for (const cue of slide.cues) {
        expect(onFrame(cue.start)).toBe(true);
        expect(cue.start).toBeGreaterThanOrEqual(Math.max(previous, slide.start));
        expect(cue.end).toBeLessThanOrEqual(slide.end);
        previous = cue.end;
      }
    }
    // The frames shown cover the video exactly.
    const images = tourImages(layout);
    expect(images.reduce((sum, image) => sum + image.seconds, 0)).toBeCloseTo(layout.seconds, 6);
  });

  it('leaves out extra lines, then optional slides, where a part runs long, and keeps the loop whole', () => {
    // Extra lines take 4 s: the loop has room for some of them only.
    const layout = layOutTour(script, speechOf(script, 2.8, 4));
    const loop = loopSlides(layout);
    expect(loop[0]?.start).toBe(LOOP_START);
    expect(loop.at(-1)?.end).toBe(LOOP_END);
    const said = new Set(layout.slides.flatMap((s) => s.cues.map((c) => c.line)));
    const lines = tourLines(script);
    expect(lines.every((line, i) => line.extra || said.has(i))).toBe(true);
    expect(lines.some((line, i) => line.extra && !said.has(i))).toBe(true);

    // Everything slow: the introduction drops its optional second course and still ends at 35 s.
    const slow = layOutTour(script, speechOf(script, 6));
    expect(slow.slides.filter((s) => s.section === 0).map((s) => s.slide.content.kind)).toEqual(['title', 'spotlight']);
    expect(slow.slides.find((s) => s.section === 1)?.start).toBe(LOOP_START);
  });

  it('lengthens the close to reach 90 s when everything is said quickly', () => {
    const layout = layOutTour(script, speechOf(script, 0.2));
    expect(layout.seconds).toBe(MIN_SECONDS);
    expect(loopSlides(layout)[0]?.start).toBe(LOOP_START);
  });
});

describe('which video the demo video route plays', () => {
  it('is none until a complete home demo is in the folder, then that one, and the newer one after it', () => {
    const cacheDir = path.join(scratch, 'lookup');
    const lookup = homeDemoLookup(cacheDir);
    expect(lookup()).toBeNull();
    mkdirSync(cacheDir, { recursive: true });
    const put = (hash: string) => {
      const manifest: Partial<HomeDemoManifest> = { version: 1, hash, video: `generated/home-${hash}.mp4` };
      writeFileSync(path.join(cacheDir, HOME_DEMO_MANIFEST), JSON.stringify(manifest));
    };
    put('aaaa');
    // The manifest names a video that is not there.
    expect(lookup()).toBeNull();
    writeFileSync(path.join(cacheDir, 'home-aaaa.mp4'), 'video');
    expect(lookup()).toBe('generated/home-aaaa.mp4');
    writeFileSync(path.join(cacheDir, 'home-bbbbbb.mp4'), 'video');
    put('bbbbbb');
    expect(lookup()).toBe('generated/home-bbbbbb.mp4');
    rmSync(path.join(cacheDir, 'home-bbbbbb.mp4'));
    expect(lookup()).toBeNull();
    // A manifest naming anything but its own video is not followed.
    writeFileSync(
      path.join(cacheDir, HOME_DEMO_MANIFEST),
      JSON.stringify({ hash: 'aaaa', video: 'generated/../../secrets/x' }),
    );
    expect(lookup()).toBeNull();
  });
});

const found = await findMediaTools();
const isRoot = process.getuid?.() === 0;
const MISSING = found.ok
  ? null
  : `${missingTools(found.missing)}: install them with \`sudo apt-get install -y ffmpeg espeak-ng\` (npm test does, when run as root)`;
if (MISSING && !isRoot) console.warn(`Skipping the home demo video tests with ffmpeg: ${MISSING}`);
if (MISSING && isRoot) {
  describe('the home demo video, as root without the programs', () => {
    it('cannot be tested', () => {
      expect.fail(MISSING);
    });
  });
}

const run = promisify(execFile);

describe.skipIf(!found.ok)('the home demo video made with ffmpeg and espeak-ng', () => {
  const tools = (found.ok ? found.tools : null) as MediaTools;
  const env: Record<string, string> = {};
  let cacheDir: string;
  let manifest: HomeDemoManifest;
  let made: boolean;
  const video = () => path.join(cacheDir, `home-${manifest.hash}.mp4`);

  beforeAll(async () => {
    const dataDir = path.join(scratch, 'data');
    env.DATA_DIR = dataDir;
    cacheDir = path.join(dataDir, 'demo-media');
    // A video an earlier catalogue left: removed once the new one is named.
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(cacheDir, 'home-0123456789abcdef01234567.mp4'), 'old');
    ({ manifest, made } = await generateHomeDemo({ courses, site, cacheDir, tools }));
  }, 120_000);

  it('is a 720p video with a narration, at least 90 s long, of the length its manifest gives', async () => {
    expect(made).toBe(true);
    const { stdout } = await run(tools.ffprobe, [
      ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height,channels'],
      ...['-of', 'json', video()],
    ]);
    const probe = JSON.parse(stdout) as {
      format: { duration: string };
      streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; channels?: number }>;
    };
    expect(probe.streams).toEqual([
      expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', channels: 1 }),
    ]);
    expect(manifest.durationSeconds).toBeGreaterThanOrEqual(MIN_SECONDS);
    expect(Math.abs(Number(probe.format.duration) - manifest.durationSeconds)).toBeLessThan(0.2);
    expect(manifest.bytes).toBe(statSync(video()).size);
    expect(manifest.bytes).toBeLessThan(3 * 1024 * 1024);
    expect(statSync(path.join(cacheDir, 'home-0123456789abcdef01234567.mp4'), { throwIfNoEntry: false })).toBe(
      undefined,
    );
  });

  it('changes slide where the home page starts its loop and where it jumps back, and is spoken throughout', async () => {
    expect(manifest.slides.some((s) => s.start === LOOP_START)).toBe(true);
    expect(manifest.slides.some((s) => s.end === LOOP_END)).toBe(true);
    // Where the picture changes a lot: a new slide (a new printed line changes it a little, scoring under 0.03).
    const { stderr } = await run(tools.ffmpeg, [
      ...['-hide_banner', '-nostdin', '-threads', '1', '-i', video()],
      ...['-map', '0:v', '-vf', "select='gt(scene,0.05)',showinfo", '-f', 'null', '-'],
    ]);
    const cuts = [...stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
    for (const at of [LOOP_START, LOOP_END]) {
      expect(
        cuts.some((t) => Math.abs(t - at) <= 0.5),
        `a slide change at ${at} s (changes at ${cuts.join(', ')})`,
      ).toBe(true);
    }
    for (const slide of manifest.slides.slice(1)) {
      expect(
        cuts.some((t) => Math.abs(t - slide.start) <= 0.5),
        `${slide.kind} at ${slide.start} s`,
      ).toBe(true);
    }

    // Speech (what silencedetect does not call silence) in every slide.
    const { stderr: silences } = await run(tools.ffmpeg, [
      ...['-hide_banner', '-nostdin', '-threads', '1', '-i', video()],
      ...['-map', '0:a', '-af', 'silencedetect=noise=-35dB:d=0.3', '-f', 'null', '-'],
    ]);
    const starts = [...silences.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
    const ends = [...silences.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
    const speech: Array<[number, number]> = [];
    let from = 0;
    for (const [i, start] of starts.entries()) {
      if (start > from) speech.push([from, start]);
      from = ends[i] ?? manifest.durationSeconds;
    }
    for (const slide of manifest.slides) {
      expect(
        speech.some(([a, b]) => a < slide.end && b > slide.start),
        `speech during the ${slide.kind} slide`,
      ).toBe(true);
    }
  });

  it('is not made again for the same catalogue', async () => {
    const before = statSync(video()).mtimeMs;
    const again = await generateHomeDemo({ courses, site, cacheDir, tools });
    expect(again).toEqual({ manifest, made: false });
    expect(statSync(video()).mtimeMs).toBe(before);
  });

  describe('served by the API', () => {
    const ctx = useTestApp({ env, seed: false });

    it('plays at GET /api/v1/demo-video with HTTP Range, and the committed video while there is none', async () => {
      const full = await ctx.app.inject({ method: 'GET', url: '/api/v1/demo-video' });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.headers['cache-control']).toBe('public, max-age=86400');
      expect(full.rawPayload.equals(readFileSync(video()))).toBe(true);
      const part = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/demo-video',
        headers: { range: 'bytes=100-1099' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1099/${manifest.bytes}`);

      // Without it (the folder cleared), the committed stand-in, cached briefly: the tour is about to be made.
      const manifestFile = path.join(cacheDir, HOME_DEMO_MANIFEST);
      const kept = readFileSync(manifestFile);
      rmSync(manifestFile);
      try {
        const standIn = await ctx.app.inject({ method: 'GET', url: '/api/v1/demo-video' });
        expect(standIn.statusCode).toBe(200);
        expect(standIn.headers['cache-control']).toBe('public, max-age=300');
        expect(standIn.rawPayload.equals(readFileSync(path.join(contentDir, 'media/demo.mp4')))).toBe(true);
      } finally {
        writeFileSync(manifestFile, kept);
      }
    });
  });
});
