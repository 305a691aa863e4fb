import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
  PlaylistLoaderContext,
} from 'hls.js/light';

type HlsModule = typeof import('hls.js/light');

/** Native HLS where the browser has it and is not Chromium (whose native HLS offers no quality control). */
export function nativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType('application/vnd.apple.mpegurl') !== '' && !('userAgentData' in navigator);
}

/**
 * hls.js's light build (no alternate audio, in-stream subtitles or DRM: lessons carry captions as tracks of their
 * own), about 97 KB on the wire, fetched once. Asked for when the learner clicks a lesson (decision 039), beside
 * the lesson's details and its video session, so on a slow link it is not a step after them.
 */
let hlsJs: Promise<HlsModule> | null = null;
export function loadHlsJs(): Promise<HlsModule> {
  hlsJs ??= import('hls.js/light');
  hlsJs.catch(() => {
    hlsJs = null; // tried again when a video needs it
  });
  return hlsJs;
}

/** Whether a ladder plays with hls.js here: Media Source, and no native HLS the player prefers. */
export function willUseHlsJs(): boolean {
  return typeof window !== 'undefined' && 'MediaSource' in window && !nativeHls(document.createElement('video'));
}

/** Starts fetching hls.js where it will be used. */
export function preloadHlsJs(): void {
  if (willUseHlsJs()) loadHlsJs().catch(() => {});
}

/** The session answer's playlist other than the master: the lowest rendition's, as [path, text]. */
const lowestPlaylist = (playlists: Record<string, string> | undefined) =>
  Object.entries(playlists ?? {}).find(([name]) => name !== 'master.m3u8');

/**
 * The lowest rendition's segment that holds `atSeconds`, from the playlist the session answer carried: where
 * hls.js (starting on the lowest rung) will begin. Null without that playlist.
 */
export function firstSegmentPath(playlists: Record<string, string> | undefined, atSeconds: number): string | null {
  const entry = lowestPlaylist(playlists);
  if (!entry) return null;
  const [name, text] = entry;
  let start = 0;
  let duration = 0;
  for (const line of text.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line && !line.startsWith('#')) {
      if (atSeconds < start + duration) return name.replace('index.m3u8', line.trim());
      start += duration;
    }
  }
  return null;
}

/** The length of the lowest rendition's playlist the session answer carried, in seconds (0 without it). */
export function inlineSeconds(playlists: Record<string, string> | undefined): number {
  const entry = lowestPlaylist(playlists);
  return [...(entry?.[1] ?? '').matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/**
 * A playlist loader that answers the playlists the video session carried (the master, the lowest rendition's:
 * `inline`, by path under the master's folder) from memory, once each, and fetches every other as hls.js would.
 */
export function inlinePlaylistLoader(
  hls: HlsModule,
  masterUrl: string,
  inline: Record<string, string>,
): NonNullable<HlsConfig['pLoader']> {
  // By path without the token, which a renewal changes.
  const withoutToken = (url: string) => new URL(url, window.location.href).pathname.replace(/\/hls\/[^/]+\//, '/hls/');
  const folder = new URL('.', new URL(masterUrl, window.location.href)).href;
  const waiting = new Map(
    Object.entries(inline).map(([name, text]) => [withoutToken(new URL(name, folder).href), text]),
  );
  const Network = hls.default.DefaultConfig.loader;
  return class InlinePlaylistLoader implements Loader<PlaylistLoaderContext> {
    context: PlaylistLoaderContext | null = null;
    stats: LoaderStats = new hls.LoadStats();
    readonly #network: Loader<LoaderContext>;
    constructor(config: HlsConfig) {
      this.#network = new Network(config);
    }
    load(
      context: PlaylistLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ) {
      this.context = context;
      const key = withoutToken(context.url);
      const text = waiting.get(key);
      if (text === undefined) {
        // The network loader answers with the context it was given, so these callbacks get theirs.
        this.#network.load(context, config, callbacks as unknown as LoaderCallbacks<LoaderContext>);
        this.stats = this.#network.stats;
        return;
      }
      waiting.delete(key);
      const now = performance.now();
      this.stats.loading = { start: now, first: now, end: now };
      this.stats.loaded = this.stats.total = text.length;
      // Asynchronously, as a network answer would come: hls.js does not expect its callback within load().
      queueMicrotask(() => {
        if (this.context === context) callbacks.onSuccess({ url: context.url, data: text }, this.stats, context, null);
      });
    }
    abort() {
      this.#network.abort();
      this.context = null;
    }
    destroy() {
      this.#network.destroy();
      this.context = null;
    }
  };
}
