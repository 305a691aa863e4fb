/**
 * Checks a captions file against the WebVTT format (W3C WebVTT, the parts a player relies on): UTF-8 text that
 * starts with "WEBVTT", then blocks separated by blank lines, each a cue (an optional id line, then
 * `start --> end` with optional settings, then its text) or a NOTE, STYLE or REGION block. Every timing must
 * parse, with minutes and seconds below 60 and the end after the start; at least one cue is needed.
 */
export type WebVttCheck = { ok: true; cues: number } | { ok: false; detail: string };

/** hh:mm:ss.ttt or mm:ss.ttt (hours two digits or more). */
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes = '0', secs = '0', millis = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/** `start --> end [settings]`: the two times in seconds, or what is wrong with the line. */
function timing(line: string): { start: number; end: number } | string {
  const [left = '', right = ''] = line.split('-->');
  const start = seconds(left.trim());
  const end = seconds(right.trim().split(/[ \t]+/)[0] ?? '');
  if (start === null || end === null) {
    return 'its timing must read like 00:01.000 --> 00:04.000 (minutes and seconds below 60, three decimals)';
  }
  if (end <= start) return 'its cue ends before it starts';
  return { start, end };
}

export function checkWebVtt(bytes: Uint8Array): WebVttCheck {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, detail: 'The captions file is not UTF-8 text: save it as UTF-8 WebVTT (.vtt).' };
  }
  if (text.includes('\0')) return { ok: false, detail: 'The captions file holds a NUL character: it is not text.' };
  const lines = text.split(/\r\n|\r|\n/);
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? '')) {
    return { ok: false, detail: 'The captions file must start with the line WEBVTT: upload WebVTT (.vtt) captions.' };
  }
  // The header runs to the first blank line; blocks follow, one blank line or more apart.
  let index = 1;
  while (index < lines.length && lines[index] !== '') index++;
  let cues = 0;
  while (index < lines.length) {
    while (index < lines.length && lines[index] === '') index++;
    if (index >= lines.length) break;
    const first = index;
    const block: string[] = [];
    while (index < lines.length && lines[index] !== '') block.push(lines[index++] as string);
    const head = block[0] as string;
    if (/^(NOTE|STYLE|REGION)([ \t]|$)/.test(head)) continue;
    // A cue: its timing is the first line, or the second after an id (which cannot itself hold "-->").
    const timingAt = head.includes('-->') ? 0 : block[1]?.includes('-->') ? 1 : -1;
    if (timingAt < 0) {
      return { ok: false, detail: `Line ${first + 1} starts a block that is neither a cue nor a NOTE.` };
    }
    const parsed = timing(block[timingAt] as string);
    if (typeof parsed === 'string') return { ok: false, detail: `Line ${first + 1 + timingAt}: ${parsed}.` };
    const stray = block.findIndex((line, at) => at > timingAt && line.includes('-->'));
    if (stray >= 0) {
      return {
        ok: false,
        detail: `Line ${first + 1 + stray}: a cue's text cannot contain "-->" (a blank line must come before the next cue).`,
      };
    }
    cues++;
  }
  if (cues === 0) return { ok: false, detail: 'The captions file has no cues.' };
  return { ok: true, cues };
}
