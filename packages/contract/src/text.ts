/**
 * Counting text as a reader does. This module imports no zod, so the browser's forms count characters the way
 * the API's schemas do without loading the schema library.
 */
let graphemes: Intl.Segmenter | null | undefined;
/**
 * Characters as a reader counts them: an emoji or an accented letter is one, whatever its code units.
 * Made on first use, and code points where Intl.Segmenter is missing (older browsers), so that loading the
 * contract never fails; the server always has it.
 */
export function visibleLength(text: string): number {
  if (graphemes === undefined) {
    graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;
  }
  return graphemes ? [...graphemes.segment(text)].length : Array.from(text).length;
}

/** Something that shows: not only spaces, zero-width or other format characters. */
export const hasVisibleCharacter = (text: string) => /[^\p{Z}\p{Cf}\s]/u.test(text);
