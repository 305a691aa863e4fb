import type { Settings } from '@kaushal/contract';

export const THEME_OPTIONS: ReadonlyArray<{ value: Settings['theme']; label: string }> = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'auto', label: 'Auto (follow your system)' },
];

/** Each language in its own name, as learners look for it. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ value: Settings['language']; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];
