import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { courseArt } from './art.ts';
import type { LessonScript } from './script.ts';
import { slideSvg } from './slides.ts';
import { escapeXml } from './text.ts';
import { type MediaTools, runTool, ToolError } from './tools.ts';

/** Bump when the look, voice or encoding changes: every lesson is then made again under new keys. */
export const GENERATOR_VERSION = 1;

/** Media keys of generated lessons start with this; the media store finds them in the demo media folder. */
export const GENERATED_PREFIX = 'generated/';

/** espeak-ng's American English voice at a teaching pace. */
const VOICE = { voice: 'en-us', wordsPerMinute: 160, pitch: 45 } as const;

/** espeak-ng's output rate, kept for the narration. */
export const SAMPLE_RATE = 22050;
/**
 * One frame a second: slides change on a frame, and each frame costs encoding time (x264 still looks at every
 * macroblock of an unchanged frame), about a quarter of a lesson's whole cost at two frames a second.
 */
const FPS = 1;
/** Silence before a slide's first cue, between cues, and after its last one (seconds). */
const LEAD = 0.5;
const GAP = 0.35;
const TAIL = 0.6;
/** A caption stays up this much longer than its speech, unless the next one starts. */
const HOLD = 0.3;

export interface CaptionRef {
  lang: string;
  label: string;
  key: string;
}

/** What a generated lesson replaces: the lesson's own video, length and captions from its course file. */
export interface StandIn {
  video: { type: 'direct'; key: string };
  durationSeconds: number;
  captions: CaptionRef[];
}

export interface DemoLessonJob {
  /** The lesson as its course file has it. */
  lesson: { id: string; title: string; description: string };
  script: LessonScript;
  standIn: StandIn;
  /** Hash of everything the media is made from: the cache key. */
  hash: string;
}

/** The record written beside a generated lesson; present only once its video and captions are complete. */
export interface DemoMediaManifest {
  version: number;
  hash: string;
  courseId: string;
  lessonId: string;
  durationSeconds: number;
  video: string;
  captions: CaptionRef[];
  standIn: StandIn;
  bytes: number;
}

/** The cache key of a lesson: a hash of its script, the stand-in it replaces, and the generator's settings. */
export function demoMediaHash(script: LessonScript, standIn: StandIn): string {
  const inputs = JSON.stringify({ version: GENERATOR_VERSION, VOICE, FPS, LEAD, GAP, TAIL, HOLD, script, standIn });
  return createHash('sha256').update(inputs).digest('hex').slice(0, 24);
}

export const mediaFiles = (cacheDir: string, hash: string) => ({
  video: path.join(cacheDir, `${hash}.mp4`),
  captions: path.join(cacheDir, `${hash}.en.vtt`),
  manifest: path.join(cacheDir, `${hash}.json`),
});

interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/** The PCM samples of a 16-bit mono WAV file (espeak-ng's output; its streamed header may give no sizes). */
export function readWav(wav: Buffer): Pcm {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new ToolError('espeak-ng did not write a WAV file');
  }
  let offset = 12;
  let sampleRate = 22050;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      sampleRate = wav.readUInt32LE(offset + 12);
      if (wav.readUInt16LE(offset + 10) !== 1 || wav.readUInt16LE(offset + 22) !== 16) {
        throw new ToolError('espeak-ng wrote a WAV file that is not 16-bit mono');
      }
    }
    if (id === 'data') {
      const end = Math.min(wav.length, offset + 8 + size);
      const data = wav.subarray(offset + 8, end - ((end - offset - 8) % 2));
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new ToolError('espeak-ng wrote a WAV file without samples');
}

/** Drops near-silence at both ends, keeping 30 ms, so the timeline's own pauses set the pace. */
function trimSilence({ sampleRate, samples }: Pcm): Pcm {
  const threshold = 300;
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start] ?? 0) < threshold) start++;
  while (end > start && Math.abs(samples[end - 1] ?? 0) < threshold) end--;
  const keep = Math.round(sampleRate * 0.03);
  return { sampleRate, samples: samples.subarray(Math.max(0, start - keep), Math.min(samples.length, end + keep)) };
}

export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

export interface TimedCue {
  start: number;
  end: number;
  text: string;
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** A cue's text in at most two lines, broken at the space nearest the middle when longer than 42 characters. */
function captionLines(text: string): string {
  if (text.length <= 42) return text;
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
    if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  }
  return best < 0 ? text : `${text.slice(0, best)}\n${text.slice(best + 1)}`;
}

export function webVtt(cues: TimedCue[]): string {
  return `WEBVTT\n\n${cues
    .map((cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${captionLines(cue.text)}\n`)
    .join('\n')}`;
}

const espeakArgs = ['-v', VOICE.voice, '-s', String(VOICE.wordsPerMinute), '-p', String(VOICE.pitch)];
/** The pause put between cues when they are spoken in one go; no pause within a cue comes near it. */
const CUE_BREAK_MS = 1500;

/**
 * Near-silent stretches of at least `minSeconds`: where one cue's speech ends and the next one's starts.
 * Returns the speech between them, each with its own silence trimmed.
 */
export function splitAtPauses(samples: Int16Array, minSeconds: number): Int16Array[] {
  const threshold = 300;
  const minRun = Math.round(minSeconds * SAMPLE_RATE);
  const parts: Int16Array[] = [];
  let start = 0;
  let quiet = 0;
  for (let i = 0; i <= samples.length; i++) {
    if (i < samples.length && Math.abs(samples[i] ?? 0) < threshold) {
      quiet++;
      continue;
    }
    if (quiet >= minRun || i === samples.length) {
      const end = i === samples.length && quiet < minRun ? i : i - quiet;
      if (end > start)
        parts.push(trimSilence({ sampleRate: SAMPLE_RATE, samples: samples.subarray(start, end) }).samples);
      start = i;
    }
    quiet = 0;
  }
  return parts.filter((part) => part.length > 0);
}

/**
 * Speaks every cue and returns each one's samples. One espeak-ng run for the whole lesson (starting it costs
 * more than speaking a cue), with a long SSML break between cues to find where each ends; should the pauses
 * not give one stretch per cue, each cue is spoken on its own instead.
 */
export async function speak(cues: string[], tools: MediaTools, signal?: AbortSignal): Promise<Int16Array[]> {
  const say = async (input: string, ssml: boolean) => {
    const pcm = readWav(
      await runTool(tools.espeak, [...espeakArgs, ...(ssml ? ['-m'] : []), '--stdin', '--stdout'], { input, signal }),
    );
    if (pcm.sampleRate !== SAMPLE_RATE) throw new ToolError(`espeak-ng spoke at ${pcm.sampleRate} Hz`);
    return pcm;
  };
  const all = await say(`<speak>${cues.map(escapeXml).join(`<break time="${CUE_BREAK_MS}ms"/>`)}</speak>`, true);
  const parts = splitAtPauses(all.samples, (CUE_BREAK_MS / 1000) * 0.7);
  if (parts.length === cues.length) return parts;
  const separately: Int16Array[] = [];
  for (const cue of cues) separately.push(trimSilence(await say(cue, false)).samples);
  return separately;
}

/**
 * Makes one lesson: speaks every cue with espeak-ng, lays the speech out slide by slide (each slide lasts a
 * whole number of frames, the lesson a whole number of seconds), draws the slides as SVG, and has ffmpeg
 * encode them with the narration into an MP4 (H.264 at 1 frame a second, AAC mono) with the captions in a
 * WebVTT file beside it. Files appear under their final names only when complete, manifest last.
 */
export async function generateLessonMedia(
  job: DemoLessonJob,
  cacheDir: string,
  tools: MediaTools,
  signal?: AbortSignal,
): Promise<DemoMediaManifest> {
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, `.work-${job.hash}-`));
  try {
    const { script } = job;
    const art = courseArt({ id: script.courseId, title: script.courseTitle });
    const pieces: Int16Array[] = [];
    let cursor = 0;
    const cues: TimedCue[] = [];
    const durations: number[] = [];
    const spoken = await speak(
      script.slides.flatMap((slide) => slide.cues),
      tools,
      signal,
    );
    const silence = (seconds: number) => {
      const count = Math.round(seconds * SAMPLE_RATE);
      pieces.push(new Int16Array(count));
      cursor += count;
    };
    for (const [index, slide] of script.slides.entries()) {
      const slideStart = cursor;
      silence(LEAD);
      for (const [i, cue] of slide.cues.entries()) {
        if (i > 0) silence(GAP);
        const speech = spoken[cues.length];
        if (!speech) throw new ToolError(`espeak-ng said nothing for "${cue}"`);
        cues.push({ start: cursor / SAMPLE_RATE, end: (cursor + speech.length) / SAMPLE_RATE, text: cue });
        pieces.push(speech);
        cursor += speech.length;
      }
      silence(TAIL);
      // Whole frames per slide, and whole seconds for the lesson (its durationSeconds is exact).
      const last = index === script.slides.length - 1;
      const unit = last ? 1 : 1 / FPS;
      const end = Math.ceil(cursor / SAMPLE_RATE / unit - 1e-9) * unit;
      silence(end - cursor / SAMPLE_RATE);
      durations.push((cursor - slideStart) / SAMPLE_RATE);
    }
    for (const [i, cue] of cues.entries()) {
      const next = cues[i + 1];
      cue.end = Math.min(cue.end + HOLD, next ? next.start - 0.05 : cue.end + HOLD);
    }
    const total = cursor / SAMPLE_RATE;
    const samples = new Int16Array(cursor);
    let at = 0;
    for (const piece of pieces) {
      samples.set(piece, at);
      at += piece.length;
    }
    await writeFile(path.join(work, 'narration.wav'), wavFile(samples, SAMPLE_RATE));

    const video = path.join(work, 'lesson.mp4');
    await encodeSlideshow({
      work,
      images: await Promise.all(
        script.slides.map(async (_, i) => {
          const file = `slide-${i}.svg`;
          await writeFile(path.join(work, file), slideSvg(script, i, art));
          return { file, seconds: durations[i] ?? 1 };
        }),
      ),
      narration: path.join(work, 'narration.wav'),
      seconds: total,
      fps: FPS,
      output: video,
      tools,
      signal,
    });

    const files = mediaFiles(cacheDir, job.hash);
    await writeFile(path.join(work, 'captions.vtt'), webVtt(cues));
    await rename(path.join(work, 'captions.vtt'), files.captions);
    await rename(video, files.video);
    const manifest: DemoMediaManifest = {
      version: GENERATOR_VERSION,
      hash: job.hash,
      courseId: script.courseId,
      lessonId: script.lessonId,
      durationSeconds: Math.round(total),
      video: `${GENERATED_PREFIX}${job.hash}.mp4`,
      captions: [{ lang: 'en', label: 'English', key: `${GENERATED_PREFIX}${job.hash}.en.vtt` }],
      standIn: job.standIn,
      bytes: (await stat(files.video)).size,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(path.join(work, 'manifest.json'), files.manifest);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Encodes still images (SVG drawn by ffmpeg's librsvg, each shown for `seconds`) and a narration into an MP4:
 * H.264 at `fps` frames a second (`-tune stillimage`, a key frame at each image change and every 30 s) and AAC
 * mono, one thread; checks the result's length with ffprobe. The images are files in `work`.
 */
export async function encodeSlideshow(options: {
  work: string;
  images: Array<{ file: string; seconds: number }>;
  narration: string;
  seconds: number;
  fps: number;
  output: string;
  tools: MediaTools;
  signal?: AbortSignal;
}): Promise<void> {
  const { work, images, fps, tools, signal } = options;
  const last = images.at(-1);
  if (!last) throw new ToolError('a video needs at least one image');
  // The concat demuxer needs the last file twice for the last duration to count.
  const list = `${images.map((image) => `file '${image.file}'\nduration ${image.seconds.toFixed(3)}\n`).join('')}file '${last.file}'\n`;
  await writeFile(path.join(work, 'slides.txt'), list);
  await runTool(
    tools.ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-filter_threads', '1', '-threads', '1'],
      ...['-f', 'concat', '-safe', '0', '-i', path.join(work, 'slides.txt')],
      ...['-i', options.narration, '-map', '0:v', '-map', '1:a'],
      ...['-vf', `format=yuv420p,fps=${fps}`, '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage'],
      // A key frame at every slide change (x264's scene cut) and at least every 30 s, for seeking.
      ...['-crf', '28', '-g', String(fps * 30), '-threads', '1'],
      ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '32k', '-ac', '1'],
      ...['-t', options.seconds.toFixed(3), '-movflags', '+faststart', '-map_metadata', '-1', '-y', options.output],
    ],
    { signal, timeoutMs: 300_000 },
  );
  const probed = Number.parseFloat(
    (
      await runTool(
        tools.ffprobe,
        [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'default=noprint_wrappers=1:nokey=1',
          options.output,
        ],
        { signal },
      )
    ).toString(),
  );
  if (!Number.isFinite(probed) || Math.abs(probed - options.seconds) > 0.5) {
    throw new ToolError(`ffmpeg made a ${probed} s video of ${options.seconds} s`);
  }
}
