import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromAcceptLanguage,
} from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language a page is served in (docs/decisions/030): the visitor's choice in the language cookie (set by
 * the browser when they choose, and from a signed-in learner's saved setting), else the best match of their
 * browser's Accept-Language (a first visit), else English. An unknown or malformed value is ignored.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const header = request.headers['accept-language'];
  return languageFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header) ?? DEFAULT_LANGUAGE;
}

/** index.html with `<html lang>` set to the page's language (a known code: nothing to escape). */
export const withHtmlLang = (html: string, language: Language) =>
  html.replace(/<html\b([^>]*)>/, (_, attributes: string) => {
    const others = attributes.replace(/\s+lang="[^"]*"/, '');
    return `<html lang="${language}"${others}>`;
  });
