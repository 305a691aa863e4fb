import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a lesson can play: the container (and so the key's extension) and the length in whole seconds. */
export interface PlayableVideo {
  extension: 'mp4' | 'webm';
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
}

/** Why a file is refused as a lesson video: a code and a sentence for the staff member who uploaded it. */
export interface VideoRefusal {
  code: 'not_a_video' | 'video_format_unsupported' | 'video_without_duration' | 'video_truncated';
  detail: string;
}

export type VideoProbe = { ok: true; video: PlayableVideo } | { ok: false; refusal: VideoRefusal };

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number; still_image?: number };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

/**
 * Containers and codecs every current browser plays in a <video> without a transcoder (the product has none
 * yet): MP4 (and QuickTime, the same container) with H.264, AV1 or VP9; WebM with VP8, VP9 or AV1.
 * HEVC plays in Safari and hardware-backed Chrome only, so it is refused with a way out.
 */
const MP4_CODECS = new Set(['h264', 'av1', 'vp9']);
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1']);

/** Image "containers" ffprobe reads as one-frame videos: a picture is not a lesson. */
const STILL_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp)(,|$)/;

const NOT_A_VIDEO: VideoRefusal = {
  code: 'not_a_video',
  detail: 'This file is not a video: choose an MP4 or WebM file.',
};

/** Whether ffprobe can be run here (checked before a 2 GB upload begins, not after it ends). */
export async function ffprobeAvailable(): Promise<boolean> {
  try {
    await run('ffprobe', ['-version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a file with ffprobe (its headers only: seconds even for 2 GB) and decides whether a lesson can play it.
 * ffprobe not answering within the time limit, or failing to read the file, is a refusal: a file ffprobe cannot
 * read is not one a browser will play.
 */
export async function probeVideo(file: string, timeoutMs = 60_000): Promise<VideoProbe> {
  let output: FfprobeOutput;
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('ffprobe is not installed');
    return { ok: false, refusal: NOT_A_VIDEO };
  }
  const formatName = output.format?.format_name ?? '';
  const video = (output.streams ?? []).find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !s.disposition?.still_image,
  );
  if (!video || STILL_FORMATS.test(formatName)) return { ok: false, refusal: NOT_A_VIDEO };

  const codec = video.codec_name ?? 'unknown';
  let extension: PlayableVideo['extension'];
  if (formatName.includes('mp4') || formatName.includes('mov')) {
    if (!MP4_CODECS.has(codec)) return { ok: false, refusal: unsupportedCodec(codec) };
    extension = 'mp4';
  } else if (formatName.includes('webm') || formatName.includes('matroska')) {
    if (!WEBM_CODECS.has(codec)) return { ok: false, refusal: unsupportedCodec(codec) };
    extension = 'webm';
  } else {
    return {
      ok: false,
      refusal: {
        code: 'video_format_unsupported',
        detail: `This video is in a format browsers do not play (${formatName.split(',')[0]}): export it as MP4 (H.264) or WebM and upload that.`,
      },
    };
  }
  const duration = Number.parseFloat(output.format?.duration ?? video.duration ?? '');
  if (!Number.isFinite(duration) || duration <= 0) {
    return {
      ok: false,
      refusal: {
        code: 'video_without_duration',
        detail: 'This video has no length that can be read: it may be cut short. Export it again and upload that.',
      },
    };
  }
  if (!(await endIsThere(file, duration, timeoutMs))) {
    return {
      ok: false,
      refusal: {
        code: 'video_truncated',
        detail: 'This video is cut short: its last part is missing. Copy or export it again and upload the whole file.',
      },
    };
  }
  return {
    ok: true,
    video: {
      extension,
      durationSeconds: Math.max(1, Math.round(duration)),
      width: video.width ?? 0,
      height: video.height ?? 0,
      videoCodec: codec,
    },
  };
}

function unsupportedCodec(codec: string): VideoRefusal {
  return {
    code: 'video_format_unsupported',
    detail: `This video is encoded as ${codec.toUpperCase()}, which not every browser plays: export it as H.264 (MP4) or VP9 (WebM) and upload that.`,
  };
}

/**
 * An MP4 whose index comes first (faststart) still reports its whole length when its end is missing, so the
 * last seconds are read too: their packets must be there, up to the end the header promises.
 */
async function endIsThere(file: string, duration: number, timeoutMs: number): Promise<boolean> {
  const from = Math.max(0, duration - 3);
  try {
    const { stdout, stderr } = await run(
      'ffprobe',
      [
        ...['-v', 'error', '-read_intervals', `${from.toFixed(3)}%`, '-select_streams', 'v:0'],
        ...['-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file],
      ],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
    );
    if (/partial file/i.test(stderr)) return false;
    const times = stdout
      .split('\n')
      .map((line) => Number.parseFloat(line))
      .filter(Number.isFinite);
    const last = Math.max(...times);
    return times.length > 0 && (last >= duration * 0.9 || duration - last <= 2);
  } catch {
    return false;
  }
}
