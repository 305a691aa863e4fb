import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyStoredTheme, applyTheme, readStoredTheme, resolveTheme, storeTheme, THEME_STORAGE_KEY } from './theme';

/** A controllable prefers-color-scheme: light. */
function fakeSystem(prefersLight: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return prefersLight;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return {
    set(light: boolean) {
      prefersLight = light;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

const htmlClasses = () => [...document.documentElement.classList].filter((c) => c === 'dark' || c === 'light');

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = 'dark';
  });
  afterEach(() => applyTheme('dark'));

  it('applies dark and light to <html> at once', () => {
    fakeSystem(true);
    applyTheme('light');
    expect(htmlClasses()).toEqual(['light']);
    applyTheme('dark');
    expect(htmlClasses()).toEqual(['dark']);
  });

  it('auto follows the system, live, and stops following when another theme is chosen', () => {
    const system = fakeSystem(false);
    applyTheme('auto');
    expect(htmlClasses()).toEqual(['dark']);
    system.set(true);
    expect(htmlClasses()).toEqual(['light']);
    system.set(false);
    expect(htmlClasses()).toEqual(['dark']);
    applyTheme('light');
    expect(system.listeners.size).toBe(0);
    system.set(false);
    expect(htmlClasses()).toEqual(['light']);
  });

  it('resolves auto from the system preference', () => {
    expect(resolveTheme('auto', true)).toBe('light');
    expect(resolveTheme('auto', false)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('remembers the last theme on this device; dark when nothing (or nonsense) is stored', () => {
    fakeSystem(false);
    expect(readStoredTheme()).toBe('dark');
    storeTheme('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    applyStoredTheme();
    expect(htmlClasses()).toEqual(['light']);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('dark');
  });
});

describe("index.html's theme script (runs before the first paint, before the app)", () => {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const code = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const run = () => new Function(code)();

  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = 'dark';
  });

  it('paints what the app would apply for every stored theme', () => {
    expect(code).toContain(`"${THEME_STORAGE_KEY}"`);
    for (const [stored, prefersLight, expected] of [
      [null, true, 'dark'],
      ['dark', true, 'dark'],
      ['light', false, 'light'],
      ['auto', true, 'light'],
      ['auto', false, 'dark'],
      ['nonsense', true, 'dark'],
    ] as const) {
      fakeSystem(prefersLight);
      document.documentElement.className = 'dark';
      if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
      else localStorage.clear();
      run();
      expect(htmlClasses()).toEqual([expected]);
      applyStoredTheme();
      expect(htmlClasses()).toEqual([expected]);
    }
  });
});
