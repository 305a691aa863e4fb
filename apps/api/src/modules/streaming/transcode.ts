import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { findPrograms, runTool, ToolError } from '../../content/demo-media/tools.ts';
import { splitFirstSegment } from './first-segment.ts';
import { type PlannedRendition, planLadder } from './ladder.ts';

/**
 * Segment length in seconds: keyframes every 2 s, so segments come out at 4 s (the brief's 4–6 s), but for the
 * first, cut in two (decision 039: the first frame on a slow link).
 */
export const SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;

export const FFMPEG_MISSING =
  'ffmpeg is not installed, so videos are not transcoded to HLS and lessons play their original file: apt-get install ffmpeg';

/** ffmpeg and ffprobe on PATH (or `searchPath`), or a clear error naming what to install. */
export async function findFfmpeg(searchPath?: string): Promise<{ ffmpeg: string; ffprobe: string }> {
  const found = await findPrograms({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, searchPath);
  if (!found.ok) throw new TranscodeError(FFMPEG_MISSING);
  return found.tools;
}

export class TranscodeError extends Error {
  override name = 'TranscodeError';
}

export interface SourceInfo {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
}

/** The source's picture size, length and whether it has sound; a file ffprobe cannot read is a TranscodeError. */
export async function readSource(ffprobe: string, file: string): Promise<SourceInfo> {
  let output: {
    streams?: Array<{ codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }>;
    format?: { duration?: string };
  };
  try {
    const stdout = await runTool(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      {
        timeoutMs: 60_000,
      },
    );
    output = JSON.parse(stdout.toString('utf8'));
  } catch (error) {
    throw new TranscodeError(`the source video cannot be read (${(error as Error).message})`);
  }
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const durationSeconds = Number.parseFloat(output.format?.duration ?? '');
  if (!video?.width || !video.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new TranscodeError('the source has no video stream with a size and a length');
  }
  return {
    width: video.width,
    height: video.height,
    durationSeconds,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

export interface TranscodedRendition extends PlannedRendition {
  /** Folder with index.m3u8 and its segments. */
  dir: string;
  playlist: string;
  segments: string[];
  /** Peak and average bits per second over the segments, measured from their sizes. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
}

export interface TranscodeResult {
  source: SourceInfo;
  renditions: TranscodedRendition[];
  poster: string;
}

export interface TranscodeOptions {
  tools: { ffmpeg: string; ffprobe: string };
  /** x264 preset: 'veryfast' for lessons, 'ultrafast' in tests. */
  preset?: string;
  /** Percent done (0–100), each time ffmpeg reports. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Transcodes `file` into an HLS ladder in `outDir` with one ffmpeg run (the source is decoded once and scaled
 * per rendition): H.264 Main with AAC, closed 2 s GOPs so every segment starts on a keyframe and renditions
 * switch cleanly, 4 s MPEG-TS segments, a VOD playlist per rendition, plus a poster frame. A source without
 * sound makes video-only renditions.
 */
export async function transcodeToHls(
  file: string,
  outDir: string,
  options: TranscodeOptions,
): Promise<TranscodeResult> {
  const { tools, preset = 'veryfast' } = options;
  const source = await readSource(tools.ffprobe, file);
  const ladder = planLadder(source.width, source.height);
  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  const scales = ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-i',
    file,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  ladder.forEach((rung, i) => {
    const kbps = rung.videoKbps;
    args.push(
      '-map',
      `[v${i}]`,
      `-c:v:${i}`,
      'libx264',
      `-b:v:${i}`,
      `${kbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(kbps * 1.1)}k`,
    );
    args.push(`-bufsize:v:${i}`, `${kbps * 2}k`, `-profile:v:${i}`, 'main', `-level:v:${i}`, rung.level);
    if (source.hasAudio)
      args.push('-map', '0:a:0', `-c:a:${i}`, 'aac', `-b:a:${i}`, `${rung.audioKbps}k`, `-ac:a:${i}`, '2');
  });
  const streamMap = ladder.map((r, i) =>
    source.hasAudio ? `v:${i},a:${i},name:${r.label}` : `v:${i},name:${r.label}`,
  );
  args.push(
    ...['-preset', preset, '-pix_fmt', 'yuv420p', '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0'],
    ...['-hls_segment_filename', path.join(outDir, '%v', 'seg-%05d.ts'), '-var_stream_map', streamMap.join(' ')],
    ...['-progress', 'pipe:1', '-nostats', path.join(outDir, '%v', 'index.m3u8')],
  );
  let lastPercent = -1;
  await runTool(tools.ffmpeg, args, {
    signal: options.signal,
    // A lesson of three hours at 'veryfast' on one core: well under this.
    timeoutMs: Math.max(10 * 60_000, source.durationSeconds * 4000),
    onOutput: (chunk) => {
      const match = /out_time_us=(\d+)/g;
      let last: RegExpExecArray | null = null;
      for (let m = match.exec(chunk.toString('utf8')); m; m = match.exec(chunk.toString('utf8'))) last = m;
      if (!last) return;
      const percent = Math.min(100, Math.floor((Number(last[1]) / 1e6 / source.durationSeconds) * 100));
      if (percent !== lastPercent) {
        lastPercent = percent;
        options.onProgress?.(percent);
      }
    },
  }).catch((error: unknown) => {
    throw error instanceof ToolError ? new TranscodeError(`transcoding failed: ${error.message}`) : error;
  });

  const poster = path.join(outDir, 'poster.jpg');
  const at = Math.min(1, source.durationSeconds / 3).toFixed(2);
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-ss',
      at,
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=-2:min(720\\,ih)',
      '-q:v',
      '4',
      poster,
    ],
    { signal: options.signal },
  ).catch((error: unknown) => {
    throw error instanceof ToolError ? new TranscodeError(`the poster frame failed: ${error.message}`) : error;
  });

  const renditions: TranscodedRendition[] = [];
  for (const rung of ladder) {
    const dir = path.join(outDir, rung.label);
    const made = await readFile(path.join(dir, 'index.m3u8'), 'utf8');
    const playlist = await splitFirstSegment(tools.ffmpeg, dir, made, KEYFRAME_SECONDS, options.signal);
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    if (segments.length === 0 || segments.length !== durations.length) {
      throw new TranscodeError(`the ${rung.label} playlist came out without segments`);
    }
    const present = new Set(await readdir(dir));
    let peak = 0;
    let bytes = 0;
    for (const [i, name] of segments.entries()) {
      if (!present.has(name)) throw new TranscodeError(`the ${rung.label} segment ${name} is missing`);
      const size = (await stat(path.join(dir, name))).size;
      bytes += size;
      // A short last segment would overstate the peak; it is measured with the others' length.
      peak = Math.max(peak, (size * 8) / Math.max(durations[i] ?? SEGMENT_SECONDS, 1));
    }
    const total = durations.reduce((a, b) => a + b, 0);
    // A truncated file whose index comes first still claims its whole length: what decoded must cover it.
    if (total < source.durationSeconds * 0.9 - 1) {
      throw new TranscodeError(
        `the source is cut short: ${total.toFixed(1)} s decoded of the ${source.durationSeconds.toFixed(1)} s it claims`,
      );
    }
    renditions.push({
      ...rung,
      dir,
      playlist,
      segments,
      bandwidth: Math.ceil(peak),
      averageBandwidth: Math.ceil((bytes * 8) / Math.max(total, 0.1)),
      codecs: source.hasAudio ? `${rung.avc1},mp4a.40.2` : rung.avc1,
    });
  }
  return { source, renditions, poster };
}
