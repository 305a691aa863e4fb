import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { runTool, ToolError } from '../../content/demo-media/tools.ts';

const segmentName = (i: number) => `seg-${String(i).padStart(5, '0')}.ts`;

/**
 * Cuts a rendition's first segment in two at its second keyframe (stream copy: no re-encoding, timestamps kept),
 * renumbers the segments after it and rewrites the playlist (decision 039). On a slow link the first frame then
 * waits for one keyframe interval's bytes instead of a whole segment's; every later segment keeps its length.
 * A first segment without a second keyframe (a clip of a few seconds) is left as it is. Answers the playlist.
 */
export async function splitFirstSegment(
  ffmpeg: string,
  dir: string,
  playlist: string,
  keyframeSeconds: number,
  signal?: AbortSignal,
): Promise<string> {
  const lines = playlist.split('\n');
  const firstInf = lines.findIndex((line) => line.startsWith('#EXTINF:'));
  const duration = Number(/^#EXTINF:([\d.]+)/.exec(lines[firstInf] ?? '')?.[1]);
  if (firstInf < 0 || lines[firstInf + 1] !== segmentName(0) || !(duration > keyframeSeconds * 1.5)) return playlist;

  const parts = path.join(dir, 'first-%d.ts');
  try {
    await runTool(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', path.join(dir, segmentName(0))],
        ...['-map', '0', '-c', 'copy', '-copyts', '-muxdelay', '0', '-muxpreload', '0'],
        ...['-f', 'segment', '-segment_format', 'mpegts', '-segment_times', String(keyframeSeconds), parts],
      ],
      { signal, timeoutMs: 60_000 },
    );
  } catch (error) {
    if (error instanceof ToolError) return playlist; // the ladder plays as made
    throw error;
  }
  const made = (await readdir(dir)).filter((name) => /^first-\d+\.ts$/.test(name)).sort();
  if (made.length !== 2) {
    for (const name of made) await rm(path.join(dir, name), { force: true });
    return playlist;
  }

  const segments = lines.filter((line) => line && !line.startsWith('#'));
  for (let i = segments.length - 1; i >= 1; i--) {
    await rename(path.join(dir, segmentName(i)), path.join(dir, segmentName(i + 1)));
  }
  await rename(path.join(dir, 'first-0.ts'), path.join(dir, segmentName(0)));
  await rename(path.join(dir, 'first-1.ts'), path.join(dir, segmentName(1)));

  const out: string[] = [];
  let index = 0;
  for (const [i, line] of lines.entries()) {
    if (i === firstInf) {
      out.push(`#EXTINF:${keyframeSeconds.toFixed(6)},`, segmentName(0));
      out.push(`#EXTINF:${(duration - keyframeSeconds).toFixed(6)},`);
      index = 1;
    } else if (i === firstInf + 1) {
      out.push(segmentName(index++));
    } else if (line && !line.startsWith('#')) {
      out.push(segmentName(index++));
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}
