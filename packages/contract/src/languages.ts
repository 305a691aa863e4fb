// The interface's language, as the server and the browser both choose it (docs/decisions/030). No zod here:
// the browser's entry reads the language cookie with these helpers.
import { LANGUAGES } from './values.ts';

export type Language = (typeof LANGUAGES)[number];

/** The cookie that keeps a visitor's chosen language, readable by the server for the first paint. */
export const LANGUAGE_COOKIE = 'kaushal_lang';

/** A year: the choice outlives sessions (a learner who signs out keeps their language). */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The best interface language for an `Accept-Language` header ('hi-IN,hi;q=0.9,en;q=0.8' → 'hi'), or null
 * when it names none we have. Only the primary subtag counts; a q=0 range is refused; malformed parts are
 * skipped, so any header is safe.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.slice(0, 512).split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const primary = range.split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0 && q <= 1)) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}
