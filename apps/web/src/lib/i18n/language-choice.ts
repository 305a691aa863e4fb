// Where the browser keeps a visitor's language (docs/decisions/030): a cookie the server reads for the first
// paint. A signed-in learner's choice is also saved with their settings (features/account).
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
} from '@kaushal/contract';
import { activateLanguage } from './i18n';

/**
 * The language to start in: the one the server served the page in (`<html lang>`, from the cookie or the
 * browser's Accept-Language), else the cookie (a page served without the API, `vite dev`), else English.
 */
export function initialLanguage(): Language {
  const cookie = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  if (isLanguage(cookie)) return cookie;
  const served = document.documentElement.lang;
  return isLanguage(served) ? served : DEFAULT_LANGUAGE;
}

/** Switches the interface to `language` and remembers it on this device. */
export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  document.documentElement.lang = language;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
