import { describe, expect, it } from 'vitest';
import { checkWebVtt } from './webvtt.ts';

const check = (text: string | Uint8Array) => checkWebVtt(typeof text === 'string' ? Buffer.from(text) : text);

describe('WebVTT captions check', () => {
  it.each([
    ['the shortest file', 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n', 1],
    ['a title after WEBVTT, CRLF lines, a BOM', '\uFEFFWEBVTT - Lesson 1\r\n\r\n00:00.000 --> 00:01.000\r\nHi\r\n', 1],
    [
      'hours, ids, settings, notes, style and a region',
      `WEBVTT
Kind: captions
Language: en

STYLE
::cue { color: yellow }

REGION
id:left width:40%

NOTE written by hand
over two lines

intro
00:00.000 --> 00:02.000 align:start line:90%
Welcome.

01:00:00.500 --> 01:00:03.250
An hour in.
Two lines of text.
`,
      2,
    ],
    [
      'cues with no text, and several blank lines',
      'WEBVTT\n\n\n\n00:01.000 --> 00:02.000\n\n\n00:02.000 --> 00:03.000\n',
      2,
    ],
  ])('accepts %s', (_label, text, cues) => {
    expect(check(text)).toEqual({ ok: true, cues });
  });

  it.each([
    ['no WEBVTT line', '00:00.000 --> 00:01.000\nHi\n', 'must start with the line WEBVTT'],
    ['WEBVTT run into a word', 'WEBVTTX\n\n00:00.000 --> 00:01.000\nHi\n', 'must start with the line WEBVTT'],
    ['an SRT file', '1\n00:00:00,000 --> 00:00:01,000\nHi\n', 'must start with the line WEBVTT'],
    ['a comma for the decimal point', 'WEBVTT\n\n00:00:00,000 --> 00:00:01,000\nHi\n', 'Line 3: its timing must read'],
    ['61 seconds', 'WEBVTT\n\n00:00.000 --> 00:61.000\nHi\n', 'Line 3: its timing must read'],
    ['one digit of hours', 'WEBVTT\n\n1:00:00.000 --> 1:00:01.000\nHi\n', 'Line 3: its timing must read'],
    ['two decimals', 'WEBVTT\n\n00:00.00 --> 00:01.000\nHi\n', 'Line 3: its timing must read'],
    ['no end', 'WEBVTT\n\n00:00.000 -->\nHi\n', 'Line 3: its timing must read'],
    ['an end before the start', 'WEBVTT\n\nid\n00:05.000 --> 00:01.000\nHi\n', 'Line 4: its cue ends before it starts'],
    ['a block that is neither cue nor note', 'WEBVTT\n\nHello there\nGeneral Kenobi\n', 'Line 3 starts a block'],
    [
      'a second timing with no blank line',
      'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n00:01.000 --> 00:02.000\n',
      'Line 5',
    ],
    ['only notes', 'WEBVTT\n\nNOTE nothing else\n', 'has no cues'],
    ['only the header', 'WEBVTT\n', 'has no cues'],
    ['a NUL character', 'WEBVTT\n\n00:00.000 --> 00:01.000\nH\0i\n', 'NUL'],
  ])('refuses %s', (_label, text, detail) => {
    const result = check(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.detail).toContain(detail);
  });

  it('refuses bytes that are not UTF-8 (a Latin-1 file)', () => {
    const latin1 = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nCaf\xe9\n', 'latin1');
    expect(check(latin1)).toEqual({
      ok: false,
      detail: 'The captions file is not UTF-8 text: save it as UTF-8 WebVTT (.vtt).',
    });
  });
});
