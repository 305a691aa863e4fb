// The page's scripts are never fetched here: happy-dom reports each as loaded, like a browser that has them.
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
import type { Integrations } from '@kaushal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsScriptUrl, loadThirdPartyScripts, recordingScriptUrl } from './analytics';

const none: Integrations = { analyticsId: null, sessionRecordingId: null, chatWidgetId: null };
const thirdPartyScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-third-party]')];

describe('loadThirdPartyScripts', () => {
  let win: Record<string, unknown>;
  beforeEach(() => {
    vi.useFakeTimers();
    win = {};
  });
  afterEach(() => {
    for (const s of thirdPartyScripts()) s.remove();
    vi.useRealTimers();
  });

  it('loads nothing before 1 second, then the analytics script once, initialised with its id', async () => {
    const loadConfig = vi.fn(async () => ({ ...none, analyticsId: 'G-ABC123' }));
    loadThirdPartyScripts({ loadConfig, win });
    await vi.advanceTimersByTimeAsync(999);
    expect(loadConfig).not.toHaveBeenCalled();
    expect(thirdPartyScripts()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(loadConfig).toHaveBeenCalledTimes(1);
    const scripts = thirdPartyScripts();
    expect(scripts.map((s) => s.src)).toEqual([analyticsScriptUrl('G-ABC123')]);
    expect(scripts[0]?.async).toBe(true);
    const layer = win.dataLayer as ArrayLike<unknown>[];
    expect(layer.map((args) => Array.from(args)[0])).toEqual(['js', 'config']);
    expect(Array.from(layer[1] ?? [])).toEqual(['config', 'G-ABC123']);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(thirdPartyScripts()).toHaveLength(1);
  });

  it('loads the session recording script beside it when that id is configured', async () => {
    loadThirdPartyScripts({
      loadConfig: async () => ({ ...none, analyticsId: 'G-ABC123', sessionRecordingId: 'rec42' }),
      win,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(thirdPartyScripts().map((s) => s.src)).toEqual([
      analyticsScriptUrl('G-ABC123'),
      recordingScriptUrl('rec42'),
    ]);
    expect(typeof win.clarity).toBe('function');
    expect(win.gtag).toBeTypeOf('function');
  });

  it('loads nothing at all without ids', async () => {
    loadThirdPartyScripts({ loadConfig: async () => none, win });
    await vi.advanceTimersByTimeAsync(5000);
    expect(thirdPartyScripts()).toHaveLength(0);
    expect(win).toEqual({});
  });

  it('loads nothing, and throws nothing, when the configuration cannot be fetched', async () => {
    loadThirdPartyScripts({ loadConfig: () => Promise.reject(new Error('offline')), win });
    await vi.advanceTimersByTimeAsync(5000);
    expect(thirdPartyScripts()).toHaveLength(0);
  });

  it('removes a blocked script quietly', async () => {
    loadThirdPartyScripts({ loadConfig: async () => ({ ...none, sessionRecordingId: 'rec42' }), win });
    await vi.advanceTimersByTimeAsync(1000);
    const [script] = thirdPartyScripts();
    expect(script?.src).toBe(recordingScriptUrl('rec42'));
    script?.dispatchEvent(new Event('error'));
    expect(thirdPartyScripts()).toHaveLength(0);
  });

  it('can be cancelled before the delay is over', async () => {
    const loadConfig = vi.fn(async () => ({ ...none, analyticsId: 'G-ABC123' }));
    const cancel = loadThirdPartyScripts({ loadConfig, win });
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(loadConfig).not.toHaveBeenCalled();
    expect(thirdPartyScripts()).toHaveLength(0);
  });
});
