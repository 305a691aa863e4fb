/**
 * A small bridge to YouTube's embedded player over postMessage (the protocol YouTube's own iframe API
 * speaks), so YouTube lessons report progress like direct ones without loading YouTube's script.
 */
export const YOUTUBE_ORIGINS = new Set(['https://www.youtube.com', 'https://www.youtube-nocookie.com']);

export const YT_STATE = { unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 } as const;

/** The embed URL with the JavaScript API on, the start position and this page as the message origin. */
export function youtubeEmbedUrl(url: string, options: { start: number; origin: string }): string {
  const parsed = new URL(url);
  parsed.searchParams.set('enablejsapi', '1');
  parsed.searchParams.set('origin', options.origin);
  parsed.searchParams.set('rel', '0');
  parsed.searchParams.set('playsinline', '1');
  if (options.start > 0) parsed.searchParams.set('start', String(Math.floor(options.start)));
  return parsed.toString();
}

export interface YouTubeUpdate {
  currentTime?: number;
  duration?: number;
  state?: number;
  /** YouTube's error code (onError): the embed loaded but cannot play this video. */
  error?: number;
}

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Reads a message from the YouTube iframe; null for anything else (other frames, malformed data). */
export function parseYouTubeMessage(data: unknown): YouTubeUpdate | null {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== 'object') return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (event === 'onStateChange') {
    const state = finite(info);
    return state === undefined ? null : { state };
  }
  if (event === 'onError') {
    const error = finite(info);
    return error === undefined ? null : { error };
  }
  if ((event === 'infoDelivery' || event === 'initialDelivery') && info && typeof info === 'object') {
    const fields = info as Record<string, unknown>;
    const update: YouTubeUpdate = {};
    const currentTime = finite(fields.currentTime);
    const duration = finite(fields.duration);
    const state = finite(fields.playerState);
    if (currentTime !== undefined) update.currentTime = currentTime;
    if (duration !== undefined && duration > 0) update.duration = duration;
    if (state !== undefined) update.state = state;
    return Object.keys(update).length > 0 ? update : null;
  }
  return null;
}

/** The message that asks the embedded player to start sending updates. */
export const listeningMessage = (id: string) => JSON.stringify({ event: 'listening', id, channel: 'widget' });

/** A command for the embedded player, as YouTube's iframe API sends it: pauseVideo, playVideo, seekTo(seconds). */
export type YouTubeCommand = { func: 'pauseVideo' | 'playVideo' } | { func: 'seekTo'; seconds: number };

export function commandMessage(id: string, command: YouTubeCommand): string {
  const args = command.func === 'seekTo' ? [command.seconds, true] : [];
  return JSON.stringify({ event: 'command', func: command.func, args, id, channel: 'widget' });
}

/** Shown when the embed never answered: it could not be reached (offline, or YouTube blocked on this network). */
export const YOUTUBE_UNREACHABLE =
  "YouTube's player could not be reached. Check your connection (YouTube may be blocked on this network) and try again.";

/** The reason under 'Failed to load video' for an error YouTube's embed reports (its iframe API's codes). */
export function describeYouTubeError(code: number): string {
  switch (code) {
    case 2:
      return 'YouTube could not play this video: its address is not valid.';
    case 5:
      return "YouTube's player could not play this video in this browser.";
    case 100:
      return 'This video is no longer available on YouTube.';
    case 101:
    case 150:
      return "This video's owner does not allow it to be played outside YouTube.";
    default:
      return `YouTube could not play this video (error ${code}).`;
  }
}
