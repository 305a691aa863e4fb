import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { lessonDetailSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { lessons } from '../../db/schema.ts';
import { asLearner, createLearner } from '../../modules/learning/test-support.ts';
import { repoRoot } from '../../paths.ts';
import { exportCatalogue } from '../export.ts';
import { loadCatalogue } from '../load.ts';
import type { CourseFile } from '../schema.ts';
import { applyDemoLesson } from './background.ts';
import { type GenerationSummary, generateDemoMedia } from './catalogue.ts';
import { type DemoLessonJob, type DemoMediaManifest, mediaFiles } from './generate.ts';
import { findMediaTools, type MediaTools, missingTools } from './tools.ts';

/**
 * A narrated demo lesson made for real with Debian's ffmpeg and espeak-ng, checked with ffprobe, and served by
 * the API through the signed media route. Skipped, with the reason, where the programs are missing and the
 * user is not root; as root (CI) they must be there (`npm test` installs them, like Chromium).
 */
const found = await findMediaTools();
const isRoot = process.getuid?.() === 0;
const MISSING = found.ok
  ? null
  : `${missingTools(found.missing)}: install them with \`sudo apt-get install -y ffmpeg espeak-ng\` (npm test does, when run as root)`;
if (MISSING && !isRoot) console.warn(`Skipping the narrated demo lesson tests: ${MISSING}`);

const run = promisify(execFile);

if (MISSING && isRoot) {
  describe('narrated demo lessons, as root without the programs', () => {
    it('cannot be tested', () => {
      expect.fail(MISSING);
    });
  });
}

describe.skipIf(!found.ok)('a narrated demo lesson made with ffmpeg and espeak-ng', () => {
  const tools = (found.ok ? found.tools : null) as MediaTools;
  /** The API's DATA_DIR: the lesson is made into its demo-media folder. */
  const env: Record<string, string> = {};
  let dataDir: string;
  let cacheDir: string;
  let catalogue: CourseFile[];
  let course: CourseFile;
  let first: GenerationSummary;
  let job: DemoLessonJob;
  let manifest: DemoMediaManifest;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-demo-lesson-'));
    env.DATA_DIR = dataDir;
    cacheDir = path.join(dataDir, 'demo-media');
    ({ courses: catalogue } = await loadCatalogue(path.join(repoRoot, 'content')));
    const rag = catalogue.find((c) => c.id === 'rag-from-scratch') as CourseFile;
    // One demo lesson to make (the second has no video here), whose script still names the next lesson.
    const [lesson1, lesson2] = rag.lessons as [CourseFile['lessons'][0], CourseFile['lessons'][0]];
    course = { ...rag, lessons: [lesson1, { ...lesson2, video: null, captions: [] }] };
    first = await generateDemoMedia({
      courses: [course],
      cacheDir,
      tools,
      onReady(readyJob, readyManifest) {
        job = readyJob;
        manifest = readyManifest;
      },
    });
  }, 120_000);
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const files = () => mediaFiles(cacheDir, manifest.hash);

  it('is a video of the lesson length the manifest gives, with a narration track', async () => {
    expect(first).toMatchObject({ generated: 1, cached: 0 });
    const { stdout } = await run(tools.ffprobe, [
      ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height,channels'],
      ...['-of', 'json', files().video],
    ]);
    const probe = JSON.parse(stdout) as {
      format: { duration: string };
      streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; channels?: number }>;
    };
    expect(probe.streams).toEqual([
      expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', channels: 1 }),
    ]);
    const seconds = Number(probe.format.duration);
    expect(Math.abs(seconds - manifest.durationSeconds)).toBeLessThan(0.2);
    expect(manifest.durationSeconds).toBeGreaterThanOrEqual(25);
    expect(manifest.durationSeconds).toBeLessThanOrEqual(60);
    expect(manifest.bytes).toBe(statSync(files().video).size);
    expect(manifest.bytes).toBeLessThan(1024 * 1024);
  });

  it('has captions saying the script, whose cues cover every stretch of speech', async () => {
    const cues = readFileSync(files().captions, 'utf8')
      .split('\n\n')
      .slice(1)
      .map((block) => {
        const [, timing = '', ...text] = block.trim().split('\n');
        const [start = 0, end = 0] = timing.split(' --> ').map((t) => {
          const [h, m, s] = t.split(':').map(Number);
          return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
        });
        return { start, end, text: text.join(' ') };
      });
    expect(cues.map((c) => c.text)).toEqual(job.script.slides.flatMap((s) => s.cues));
    for (const [i, cue] of cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.start).toBeGreaterThanOrEqual(i === 0 ? 0 : (cues[i - 1]?.end ?? 0));
    }
    expect(cues.at(-1)?.end ?? 0).toBeLessThanOrEqual(manifest.durationSeconds);

    // Speech is what ffmpeg's silencedetect does not call silence (below -35 dB for 0.2 s).
    const { stderr } = await run(tools.ffmpeg, [
      ...['-hide_banner', '-nostdin', '-threads', '1', '-i', files().video],
      ...['-map', '0:a', '-af', 'silencedetect=noise=-35dB:d=0.2', '-f', 'null', '-'],
    ]);
    const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
    const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
    const speech: Array<[number, number]> = [];
    let from = 0;
    for (const [i, start] of starts.entries()) {
      if (start > from) speech.push([from, start]);
      from = ends[i] ?? manifest.durationSeconds;
    }
    if (from < manifest.durationSeconds - 0.05) speech.push([from, manifest.durationSeconds]);
    expect(speech.length).toBeGreaterThanOrEqual(cues.length / 2);
    const slack = 0.1;
    for (const [start, end] of speech) {
      const covered = cues.some((c) => c.start - slack <= start && end <= c.end + slack);
      expect(covered, `speech ${start.toFixed(2)}-${end.toFixed(2)} s outside every cue`).toBe(true);
    }
    for (const cue of cues) {
      expect(
        speech.some(([start, end]) => start < cue.end && end > cue.start),
        `cue "${cue.text}" over silence`,
      ).toBe(true);
    }
  });

  it('makes nothing on a second run: the cache key is the same and the files stay', async () => {
    const before = statSync(files().video).mtimeMs;
    const again = await generateDemoMedia({ courses: [course], cacheDir, tools });
    expect(again).toMatchObject({ generated: 0, cached: 1 });
    expect(statSync(files().video).mtimeMs).toBe(before);
  });

  describe('served by the API', () => {
    const ctx = useTestApp({ env });

    it('plays the lesson through the signed media route, with its captions', async () => {
      // What the product's background job does once the lesson is made.
      expect(await applyDemoLesson(ctx.database.db, job, manifest)).toBe(true);
      expect(await applyDemoLesson(ctx.database.db, job, manifest)).toBe(false);

      const learner = await createLearner(ctx);
      const res = await asLearner(ctx, learner).get('/api/v1/lessons/rag-from-scratch-01');
      expect(res.statusCode).toBe(200);
      const lesson = lessonDetailSchema.parse(res.json());
      expect(lesson.durationSeconds).toBe(manifest.durationSeconds);
      expect(lesson.video_url).toMatch(new RegExp(`^/api/v1/media/generated/${manifest.hash}\\.mp4\\?exp=\\d+&sig=`));

      const video = await asLearner(ctx, null).get(lesson.video_url ?? '');
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.rawPayload.equals(readFileSync(files().video))).toBe(true);
      const range = await asLearner(ctx, null).get(lesson.video_url ?? '', { range: 'bytes=0-99' });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 0-99/${manifest.bytes}`);

      expect(lesson.captions).toEqual([{ lang: 'en', label: 'English', url: expect.any(String) }]);
      const captions = await asLearner(ctx, null).get(lesson.captions[0]?.url ?? '');
      expect(captions.statusCode).toBe(200);
      expect(captions.headers['content-type']).toContain('text/vtt');
      expect(captions.body).toBe(readFileSync(files().captions, 'utf8'));

      // The link is as strict as any: another key's signature does not open it.
      const other = (lesson.video_url ?? '').replace(
        `generated/${manifest.hash}.mp4`,
        `generated/${manifest.hash}.json`,
      );
      expect((await asLearner(ctx, null).get(other)).statusCode).toBe(403);
    });

    it('exports the lesson as its course file has it, with the stand-in video', async () => {
      await applyDemoLesson(ctx.database.db, job, manifest);
      const exported = await exportCatalogue(ctx.database.db, { demoMediaDir: cacheDir });
      const inFile = catalogue.find((c) => c.id === 'rag-from-scratch')?.lessons[0];
      expect(exported.find((c) => c.id === 'rag-from-scratch')?.lessons[0]).toEqual(inFile);
    });

    it('leaves a lesson alone that no longer plays its stand-in (an operator gave it a real video)', async () => {
      await ctx.database.db
        .update(lessons)
        .set({ videoRef: 'recorded/rag-01.mp4' })
        .where(eq(lessons.id, 'rag-from-scratch-01'));
      expect(await applyDemoLesson(ctx.database.db, job, manifest)).toBe(false);
    });
  });
});
