// Which words of a text a search matched, as [start, end) ranges: the API sends them with each result and the
// web marks them with <mark> around plain text (never markup from the database). Zod-free: the web imports it.
//
// A word matches a search word when it is the same word, a longer or shorter form of it (one is the start of
// the other, at most three letters apart: "transformer" and "Transformers"), or, for words of five letters or
// more, a misspelling of it (one edit; two for nine letters or more: "transfomers" and "Transformers"). These
// are the words the database's English stemming and trigram similarity let through (decision 028).

export type HighlightRange = [start: number, end: number];

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct lower-case words of a search, in order (at most 12; quotes, operators and punctuation dropped). */
export function searchWords(search: string): string[] {
  const words = search.toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, 12);
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

export function wordMatches(word: string, searchWord: string): boolean {
  if (word === searchWord) return true;
  const [shorter, longer] = word.length <= searchWord.length ? [word, searchWord] : [searchWord, word];
  if (shorter.length >= 3 && longer.startsWith(shorter) && longer.length - shorter.length <= 3) return true;
  if (searchWord.length < 5) return false;
  return editDistance(word, searchWord, searchWord.length >= 9 ? 2 : 1) <= (searchWord.length >= 9 ? 2 : 1);
}

/**
 * The ranges of `text`'s words that match any of `words` (from searchWords), in order. With `prefix` (text
 * still being typed), a word that begins with a search word matches too, however much longer it is.
 */
export function highlightRanges(
  text: string,
  words: readonly string[],
  options: { prefix?: boolean } = {},
): HighlightRange[] {
  if (words.length === 0) return [];
  const ranges: HighlightRange[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    const matches = (searchWord: string) =>
      wordMatches(word, searchWord) ||
      (options.prefix === true && searchWord.length >= 2 && word.startsWith(searchWord));
    if (words.some(matches)) {
      ranges.push([match.index, match.index + match[0].length]);
    }
  }
  return ranges;
}

/**
 * About `length` characters of `text` around its first matched word, cut at word boundaries, with "..." where
 * text was left out; the ranges moved to the passage. Null when nothing in the text matched.
 */
export function passageAround(
  text: string,
  words: readonly string[],
  length = 160,
): { text: string; ranges: HighlightRange[] } | null {
  const ranges = highlightRanges(text, words);
  const first = ranges[0];
  if (!first) return null;
  if (text.length <= length) return { text, ranges };
  let start = Math.max(0, first[0] - Math.floor(length / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first[0] ? space + 1 : first[0];
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > first[1] ? space : Math.max(end, first[1]);
  }
  const prefix = start > 0 ? '...' : '';
  const suffix = end < text.length ? '...' : '';
  const shift = prefix.length - start;
  return {
    text: `${prefix}${text.slice(start, end)}${suffix}`,
    ranges: ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
  };
}
