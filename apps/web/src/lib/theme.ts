import { THEMES, type Theme } from '@kaushal/contract';

/**
 * The colour theme of the whole app, on <html>: class `dark` or `light` (index.css defines both). `auto`
 * follows the system's prefers-color-scheme and keeps following it while the page is open. Dark is the
 * default (spec). The last theme is kept on this device so the next visit starts in it before any request.
 */
export const THEME_STORAGE_KEY = 'kaushal.theme';
export const DEFAULT_THEME: Theme = 'dark';
const LIGHT_QUERY = '(prefers-color-scheme: light)';
/** The browser bar colour of each theme (index.css --color-bg). */
const THEME_COLOR = { dark: '#070b14', light: '#f7f9fc' } as const;

let stopFollowingSystem: (() => void) | undefined;

const systemPrefersLight = () => typeof window.matchMedia === 'function' && window.matchMedia(LIGHT_QUERY).matches;

/** The scheme a theme means right now: `auto` asks the system. */
export function resolveTheme(theme: Theme, prefersLight = systemPrefersLight()): 'dark' | 'light' {
  if (theme === 'auto') return prefersLight ? 'light' : 'dark';
  return theme;
}

function paint(scheme: 'dark' | 'light') {
  const root = document.documentElement;
  root.classList.toggle('dark', scheme === 'dark');
  root.classList.toggle('light', scheme === 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[scheme]);
}

/** Applies a theme to the page at once; `auto` then follows system changes until another theme is applied. */
export function applyTheme(theme: Theme) {
  stopFollowingSystem?.();
  stopFollowingSystem = undefined;
  paint(resolveTheme(theme));
  if (theme === 'auto' && typeof window.matchMedia === 'function') {
    const query = window.matchMedia(LIGHT_QUERY);
    const onChange = () => paint(resolveTheme('auto', query.matches));
    query.addEventListener('change', onChange);
    stopFollowingSystem = () => query.removeEventListener('change', onChange);
  }
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be blocked (private mode): the theme then applies for this visit only.
  }
}

export function forgetStoredTheme() {
  try {
    localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Nothing was stored when storage is blocked.
  }
}

/** At start-up, before the first render: the theme this device used last. */
export function applyStoredTheme() {
  applyTheme(readStoredTheme());
}
