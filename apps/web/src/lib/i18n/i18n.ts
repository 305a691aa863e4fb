// The interface's translations (docs/decisions/030): Lingui's runtime with catalogues compiled at build time.
// Message ids are the English texts (the spec's own strings), so English needs only its few ICU messages;
// another language's catalogue loads when it is chosen, never before.

import englishIcu from 'virtual:catalog/en';
import { DEFAULT_LANGUAGE, type Language } from '@kaushal/contract';
import { type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import type englishSource from './catalogs/en.json';

/** Every message the interface shows, by its English text. */
export type MessageId = keyof typeof englishSource;

type Values = MessageDescriptor['values'];

/** The locale `Intl` formats with: India's digit grouping (1,00,000) for English and Hindi. */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
};

// A message without a translation shows its id: the English text. Only a plain English message ever takes
// this path (a test keeps every other catalogue complete).
export const i18n = setupI18n({ missing: (_locale, id) => id });
i18n.load(DEFAULT_LANGUAGE, englishIcu);
i18n.activate(DEFAULT_LANGUAGE, [INTL_LOCALES.en]);

/** `{name}` placeholders filled in as Lingui does (a missing value is left out). */
const fill = (text: string, values: Values) =>
  values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')) : text;

/**
 * The interface text for `id` in the current language, with its placeholders filled in. English ships only its
 * plurals compiled (vite-plugin-catalogs.ts): any other English message is its own id, filled in here.
 */
export const t = (id: MessageId, values?: Values): string =>
  i18n.messages[id] ? i18n._(id, values) : fill(id, values);

export const currentLanguage = () => i18n.locale as Language;

/** The `Intl` locale of the current language, for numbers, dates and amounts. */
export const intlLocale = () => INTL_LOCALES[currentLanguage()] ?? INTL_LOCALES.en;

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('virtual:catalog/hi'),
  es: () => import('virtual:catalog/es'),
  fr: () => import('virtual:catalog/fr'),
  de: () => import('virtual:catalog/de'),
};

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** Loads `language`'s catalogue, once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  i18n.load(language, (await catalogues[language]()).default);
  loaded.add(language);
}

/** Makes a loaded language the current one (synchronously: the server draws a page right after). */
export const switchToLoadedLanguage = (language: Language) => i18n.activate(language, [INTL_LOCALES[language]]);

/** Loads `language`'s catalogue and makes it the current language. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  switchToLoadedLanguage(language);
}

/** Marks a text kept in a constant as a message (typed, and listed in the catalogues); `t()` shows it. */
export const msg = <T extends MessageId>(id: T): T => id;

/**
 * A text that may be a message shown in the current language, or else as it is: toasts and notices take
 * both the interface's own messages and texts from the server (an error's detail stays in English).
 */
export const translateText = (text: string): string => i18n._(text);
