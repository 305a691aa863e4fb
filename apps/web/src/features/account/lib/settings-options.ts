import { LANGUAGES, type Settings } from '@kaushal/contract';
import { type MessageId, msg } from '@/lib/i18n/i18n';
import { LANGUAGE_NAMES } from '@/lib/i18n/language-names';

export const THEME_OPTIONS: ReadonlyArray<{ value: Settings['theme']; label: MessageId }> = [
  { value: 'dark', label: msg('Dark') },
  { value: 'light', label: msg('Light') },
  { value: 'auto', label: msg('Auto (follow your system)') },
];

/** Each language in its own name, as learners look for it. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ value: Settings['language']; label: string }> = LANGUAGES.map(
  (value) => ({ value, label: LANGUAGE_NAMES[value] }),
);
