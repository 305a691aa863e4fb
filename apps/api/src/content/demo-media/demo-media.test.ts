import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { repoRoot } from '../../paths.ts';
import { loadCatalogue } from '../load.ts';
import type { CourseFile } from '../schema.ts';
import { courseArt } from './art.ts';
import { startDemoMedia } from './background.ts';
import { demoLessonJobs, generateDemoMedia, resolveDemoMedia, STAND_IN_VIDEOS, standInOf } from './catalogue.ts';
import { type DemoMediaManifest, GENERATOR_VERSION, mediaFiles, splitAtPauses, webVtt } from './generate.ts';
import { keyIdeas, lessonScript, MAX_CUE_CHARS, splitCue } from './script.ts';
import { slideSvg } from './slides.ts';
import { textWidth, wrapText } from './text.ts';
import { courseThumbnailSvg } from './thumbnail.ts';

/** The narrated demo lessons without ffmpeg or espeak-ng: scripts, slides, cache keys, thumbnails, the fallback. */

const { courses } = await loadCatalogue(path.join(repoRoot, 'content'));
const course = (id: string) => {
  const found = courses.find((c) => c.id === id);
  if (!found) throw new Error(`no course ${id}`);
  return found;
};
const scratch = mkdtempSync(path.join(tmpdir(), 'kaushal-demo-media-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('lesson scripts', () => {
  it('reads the key ideas of a description from its lists and clauses', () => {
    expect(keyIdeas('Stopping conditions, step limits, error messages the model can act on and retries.')).toEqual([
      'Stopping conditions',
      'Step limits',
      'Error messages the model can act on and retries',
    ]);
    expect(keyIdeas('Pixels, channels and colour spaces, and the classic vision tasks at a glance.')).toEqual([
      'Pixels',
      'Channels',
      'Colour spaces',
      'The classic vision tasks at a glance',
    ]);
    expect(keyIdeas('Fine-tune a pretrained backbone on a small dataset and read its confusion matrix.')).toEqual([
      'Fine-tune a pretrained backbone on a small dataset',
      'Read its confusion matrix',
    ]);
    // "between CPU and GPU" is not a list.
    expect(keyIdeas('Creating, reshaping and moving tensors between CPU and GPU without surprises.')).toEqual([
      'Creating',
      'Reshaping',
      'Moving tensors between CPU and GPU without surprises',
    ]);
    expect(
      keyIdeas('Dataset, DataLoader, model, loss, optimiser: the five pieces of every training script.'),
    ).toHaveLength(4);
  });

  it('splits narration into caption cues that fit two lines and say the same words', () => {
    const text =
      'In this lesson: combine keyword and semantic retrieval with reciprocal rank fusion for queries full of product codes and names.';
    const cues = splitCue(text);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(cue.length).toBeLessThanOrEqual(MAX_CUE_CHARS);
    expect(cues.join(' ')).toBe(text);
  });

  it('gives every demo lesson of the catalogue a title slide and three content slides in short cues', () => {
    const jobs = demoLessonJobs(courses);
    const demoLessons = courses.flatMap((c) =>
      c.lessons.filter((l) => l.video?.type === 'direct' && STAND_IN_VIDEOS.has(l.video.key)),
    );
    expect(jobs).toHaveLength(demoLessons.length);
    expect(jobs.length).toBeGreaterThan(100);
    for (const { script } of jobs) {
      expect(script.slides.map((s) => s.content.kind)).toEqual(['title', 'overview', 'ideas', 'practice']);
      for (const slide of script.slides) {
        expect(slide.cues.length).toBeGreaterThan(0);
        for (const cue of slide.cues) expect(cue.length, cue).toBeLessThanOrEqual(MAX_CUE_CHARS);
      }
    }
    // Free lessons first: a visitor's first click finds its narrated lesson soonest.
    const firstPaid = jobs.findIndex(
      (j) => !course(j.script.courseId).lessons.find((l) => l.id === j.lesson.id)?.isFree,
    );
    expect(
      jobs.slice(firstPaid).every((j) => !course(j.script.courseId).lessons.find((l) => l.id === j.lesson.id)?.isFree),
    ).toBe(true);
  });

  it('narrates the lesson from its own words and its place in the course', () => {
    const script = lessonScript(course('ai-agents-tool-use'), 2);
    const said = script.slides.flatMap((s) => s.cues).join(' ');
    expect(said).toContain('AI Agents and Tool Use.');
    expect(said).toContain('Lesson 3: Building the agent loop.');
    expect(said).toContain('stopping conditions, step limits,');
    expect(said).toContain('Next up, lesson 4: Memory: short-term and long-term.');
    const last = lessonScript(course('ai-agents-tool-use'), 9);
    expect(last.slides.at(-1)?.cues.join(' ')).toContain('That was the final lesson of AI Agents and Tool Use.');
  });
});

describe('narration', () => {
  it('finds each cue in speech spoken in one go, at the long pauses between cues only', () => {
    const rate = 22050;
    const tone = (seconds: number) =>
      Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) => (i % 20 < 10 ? 4000 : -4000));
    const quiet = (seconds: number) => new Int16Array(Math.round(seconds * rate));
    const join = (...parts: Int16Array[]) => {
      const all = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        all.set(part, at);
        at += part.length;
      }
      return all;
    };
    // Two cues, the first with a sentence pause inside it, between 0.2 s of silence at both ends.
    const speech = join(quiet(0.2), tone(1), quiet(0.4), tone(0.5), quiet(1.5), tone(2), quiet(0.2));
    const parts = splitAtPauses(speech, 1);
    expect(parts).toHaveLength(2);
    expect((parts[0]?.length ?? 0) / rate).toBeCloseTo(1.9, 1);
    expect((parts[1]?.length ?? 0) / rate).toBeCloseTo(2, 1);
  });
});

describe('slides and thumbnails', () => {
  it('draws slides as SVG with the text escaped and lines that fit the slide', () => {
    const tricky: CourseFile = {
      ...course('llm-evaluation'),
      lessons: [
        { ...course('llm-evaluation').lessons[0], title: 'Q&A <evals> "done" right' } as CourseFile['lessons'][0],
      ],
    };
    const script = lessonScript(tricky, 0);
    const svg = slideSvg(script, 0, courseArt(tricky));
    expect(svg).toContain('Q&amp;A &lt;evals&gt;');
    expect(svg).toContain('&quot;done&quot; right');
    expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    for (const [i] of script.slides.entries())
      expect(slideSvg(script, i, courseArt(tricky))).toMatch(/^<svg [^>]*width="1280" height="720"/);
    for (const line of wrapText(
      'Fine-tune a pretrained backbone on a custom dataset with mixed precision',
      { size: 52 },
      600,
    )) {
      expect(textWidth(line, { size: 52 })).toBeLessThanOrEqual(600);
    }
  });

  it('keeps the committed thumbnails what the generator draws (npm run media -- thumbnails)', () => {
    for (const c of courses) {
      const committed = readFileSync(path.join(repoRoot, 'content/thumbnails', c.thumbnail), 'utf8');
      expect(committed, c.thumbnail).toBe(courseThumbnailSvg(c));
      expect(committed).toMatch(/^<svg [^>]*width="640" height="360" viewBox="0 0 640 360"/);
    }
  });

  it('gives each course its own picture, and no two the same picture, palette and layout', () => {
    const looks = courses.map((c) => courseArt(c));
    expect(new Set(looks.map((a) => a.picture)).size).toBe(courses.length);
    expect(new Set(looks.map((a) => `${a.palette.hue}|${a.layout}`)).size).toBe(courses.length);
    // A course without an entry still gets a look of its own, the same one every time.
    const unknown = { id: 'graph-neural-networks', title: 'Graph Neural Networks' };
    expect(courseArt(unknown)).toEqual(courseArt(unknown));
    expect(courseArt(unknown).label).toBe('Graph Neural');
  });
});

describe('cache keys', () => {
  it('are the same on every run and change only for the lessons whose words change', () => {
    const before = new Map(demoLessonJobs(courses).map((j) => [j.lesson.id, j.hash]));
    expect(new Map(demoLessonJobs(courses).map((j) => [j.lesson.id, j.hash]))).toEqual(before);
    expect(new Set(before.values()).size).toBe(before.size);

    // Renaming lesson 3 changes its own media and its neighbour's (lesson 2 names what comes next).
    const agents = course('ai-agents-tool-use');
    const renamed = courses.map((c) =>
      c.id === agents.id
        ? { ...c, lessons: c.lessons.map((l, i) => (i === 2 ? { ...l, title: 'The agent loop, step by step' } : l)) }
        : c,
    );
    const changed = demoLessonJobs(renamed)
      .filter((j) => before.get(j.lesson.id) !== j.hash)
      .map((j) => j.lesson.id)
      .sort();
    expect(changed).toEqual(['ai-agents-tool-use-02', 'ai-agents-tool-use-03']);
  });
});

/** Puts a made-up generated lesson into a cache folder, as generateLessonMedia leaves one. */
function fakeGenerated(cacheDir: string, lessonId: string): DemoMediaManifest {
  const job = demoLessonJobs(courses).find((j) => j.lesson.id === lessonId);
  if (!job) throw new Error(`no demo lesson ${lessonId}`);
  mkdirSync(cacheDir, { recursive: true });
  const files = mediaFiles(cacheDir, job.hash);
  writeFileSync(files.video, 'not really a video');
  writeFileSync(files.captions, webVtt([{ start: 0.5, end: 2, text: 'Hello.' }]));
  const manifest: DemoMediaManifest = {
    version: GENERATOR_VERSION,
    hash: job.hash,
    courseId: job.script.courseId,
    lessonId,
    durationSeconds: 41,
    video: `generated/${job.hash}.mp4`,
    captions: [{ lang: 'en', label: 'English', key: `generated/${job.hash}.en.vtt` }],
    standIn: job.standIn,
    bytes: 18,
  };
  writeFileSync(files.manifest, JSON.stringify(manifest));
  return manifest;
}

describe('the catalogue as served', () => {
  it('is the course files as they are while nothing is generated (no ffmpeg, or not yet made)', () => {
    const resolved = resolveDemoMedia(courses, path.join(scratch, 'empty'));
    expect(resolved.generated).toBe(0);
    expect(resolved.courses).toEqual(courses);
  });

  it('plays a generated lesson with its own length and captions, and knows the stand-in it replaced', () => {
    const cacheDir = path.join(scratch, 'one');
    const manifest = fakeGenerated(cacheDir, 'rag-from-scratch-01');
    const resolved = resolveDemoMedia(courses, cacheDir);
    expect(resolved.generated).toBe(1);
    const lesson = resolved.courses.find((c) => c.id === 'rag-from-scratch')?.lessons[0];
    expect(lesson).toMatchObject({
      id: 'rag-from-scratch-01',
      durationSeconds: 41,
      video: { type: 'direct', key: manifest.video },
      captions: manifest.captions,
    });
    // Everything else is as in the files.
    const others = (list: CourseFile[]) => list.flatMap((c) => c.lessons).filter((l) => l.id !== 'rag-from-scratch-01');
    expect(others(resolved.courses)).toEqual(others(courses));
    expect(standInOf(manifest.video, cacheDir)).toEqual({
      video: { type: 'direct', key: 'lesson-intro.mp4' },
      durationSeconds: 96,
      captions: [{ lang: 'en', label: 'English', key: 'lesson-intro.en.vtt' }],
    });
    expect(standInOf('lesson-intro.mp4', cacheDir)).toBeNull();
  });

  it('clears the work folders a killed run left behind, not the ones another run may be using', async () => {
    const cacheDir = path.join(scratch, 'work');
    const [old, fresh] = [path.join(cacheDir, '.work-abc-old'), path.join(cacheDir, '.work-def-new')];
    mkdirSync(old, { recursive: true });
    mkdirSync(fresh, { recursive: true });
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(old, hourAgo, hourAgo);
    const tools = { ffmpeg: '/nonexistent', ffprobe: '/nonexistent', espeak: '/nonexistent' };
    expect(await generateDemoMedia({ courses: [], cacheDir, tools })).toMatchObject({ generated: 0, cached: 0 });
    expect([existsSync(old), existsSync(fresh)]).toEqual([false, true]);
  });

  it('ignores a lesson whose generation did not finish (no manifest, or its video missing)', () => {
    const cacheDir = path.join(scratch, 'broken');
    const manifest = fakeGenerated(cacheDir, 'rag-from-scratch-02');
    rmSync(mediaFiles(cacheDir, manifest.hash).video);
    expect(resolveDemoMedia(courses, cacheDir).generated).toBe(0);
  });
});

describe('without ffmpeg and espeak-ng', () => {
  it('logs one line naming what is missing and leaves the stand-ins in place', async () => {
    const lines: string[] = [];
    const log = {
      info: (msg: unknown) => lines.push(`info ${String(msg)}`),
      warn: (msg: unknown) => lines.push(`warn ${String(msg)}`),
    };
    const noTools = path.join(scratch, 'no-tools');
    mkdirSync(noTools, { recursive: true });
    // The database is never touched: a stand-in that throws on any use proves it.
    const db = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the database was used');
        },
      },
    ) as Db;
    const run = startDemoMedia({
      contentDir: path.join(repoRoot, 'content'),
      cacheDir: path.join(scratch, 'never'),
      db,
      log: log as never,
      searchPath: noTools,
    });
    expect(await run.done).toBeNull();
    expect(lines).toEqual([
      "warn demo media: ffmpeg, ffprobe and espeak-ng are not installed, so demo lessons and the home page's demo video play the committed stand-in videos (content/media); for narrated ones: apt-get install ffmpeg espeak-ng",
    ]);
  });
});
