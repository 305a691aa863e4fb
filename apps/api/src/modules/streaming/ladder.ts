/** One step of the HLS ladder: its name, the picture's short side, and the encoder's rates. */
export interface Rung {
  label: string;
  /** The short side of the picture (the height of a landscape video, the width of a 9:16 one). */
  short: number;
  videoKbps: number;
  audioKbps: number;
  /** H.264 level (Main profile) and its RFC 6381 name, as the master playlist's CODECS says. */
  level: string;
  avc1: string;
}

/**
 * The lowest rung is what a phone on 1.6 Mbit/s starts on: 200 + 48 kbit/s makes a 4 s segment of about 125 KB,
 * under a second on such a link (lectures are slides and a face; speech keeps clear at 48 kbit/s AAC).
 */
export const LADDER: readonly Rung[] = [
  { label: '240p', short: 240, videoKbps: 200, audioKbps: 48, level: '3.0', avc1: 'avc1.4d401e' },
  { label: '360p', short: 360, videoKbps: 700, audioKbps: 96, level: '3.0', avc1: 'avc1.4d401e' },
  { label: '480p', short: 480, videoKbps: 1200, audioKbps: 128, level: '3.1', avc1: 'avc1.4d401f' },
  { label: '720p', short: 720, videoKbps: 2500, audioKbps: 128, level: '3.1', avc1: 'avc1.4d401f' },
  { label: '1080p', short: 1080, videoKbps: 4500, audioKbps: 160, level: '4.0', avc1: 'avc1.4d4028' },
];

/** The data saver's ceiling (decision 034): renditions above this short side are not offered to it. */
export const DATA_SAVER_MAX_SHORT_SIDE = 360;

export interface PlannedRendition extends Rung {
  width: number;
  height: number;
}

/** Even numbers: H.264 with 4:2:0 chroma needs both sides divisible by 2. */
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The renditions a source allows: every rung whose short side the source reaches (none above it: upscaling adds
 * bytes, not detail), capped at 1080p for a 4K source. A source smaller than 240p gets one rendition at its own
 * size, so every video has a ladder. A 9:16 video keeps its shape: its width is the rung's short side.
 */
export function planLadder(width: number, height: number): PlannedRendition[] {
  const short = Math.min(width, height);
  const portrait = height > width;
  const size = (side: number) =>
    portrait
      ? { width: even(side), height: even((side * height) / width) }
      : { width: even((side * width) / height), height: even(side) };
  const rungs = LADDER.filter((rung) => rung.short <= short);
  if (rungs.length > 0) return rungs.map((rung) => ({ ...rung, ...size(rung.short) }));
  const lowest = LADDER[0] as Rung;
  return [{ ...lowest, label: `${even(short)}p`, short: even(short), ...size(short) }];
}
