/** Card and summary descriptions are at most this long (spec section 9). */
export const MAX_DESCRIPTION = 120;
const MIN_SENTENCE_CUT = 50;
const WORD_CUT = 117;

/**
 * Spec section 9:
 * - a non-empty description of 120 characters or fewer (after trimming) is returned unchanged;
 * - a longer one is cut to the whole sentences that fit within 120 characters, if that is longer than 50;
 * - otherwise it is cut at a word boundary to fit 117 characters and ends with '...';
 * - with no description: the generic line about the title and level.
 */
export function shortenDescription(description: string | null | undefined, title: string, difficulty: string): string {
  const text = (description ?? '').trim();
  if (!text) {
    return `Master ${title.toLowerCase()} with hands-on projects and expert guidance, perfect for ${difficulty.toLowerCase()} learners.`;
  }
  if (text.length <= MAX_DESCRIPTION) return text;

  const sentences = text.match(/[^.!?]+[.!?]+["')\]]*\s*/g) ?? [];
  let fitted = '';
  for (const sentence of sentences) {
    const candidate = fitted + sentence;
    if (candidate.trim().length > MAX_DESCRIPTION) break;
    fitted = candidate;
  }
  fitted = fitted.trim();
  if (fitted.length > MIN_SENTENCE_CUT) return fitted;

  const slice = text.slice(0, WORD_CUT + 1);
  const lastSpace = slice.lastIndexOf(' ');
  const cut = (lastSpace > 0 ? slice.slice(0, lastSpace) : text.slice(0, WORD_CUT)).replace(/[\s,;:.!?-]+$/, '');
  return `${cut}...`;
}
