import { endpoints, type HlsSession } from '@kaushal/contract';
import type Hls from 'hls.js/light';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE, api, assetUrl } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { DATA_SAVER_CAP } from '../lib/data-saver';
import { inlinePlaylistLoader, inlineSeconds, loadHlsJs, nativeHls } from '../lib/hls-loader';

/** How the lesson plays: hls.js over Media Source, the browser's own HLS (Safari), or the original file. */
export type PlaybackEngine = 'hls.js' | 'native' | 'mp4';

export interface HlsPlaybackOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  lessonId: string;
  sessionId: string;
  /** The original file: played when there is no ladder yet, or neither HLS way works here. */
  mp4Src: string;
  stream: HlsSession | null | undefined;
  /** Where the lesson opens (its resume point, a note's time): hls.js's first segment is the one holding it. */
  startAt: number;
  dataSaver: boolean;
  /** A failure hls.js cannot get past (the store unreachable, the token refused): the player shows its error. */
  onFatal(reason: string): void;
}

const TOKEN_IN_PATH = /\/hls\/[^/]+\//;
const shortSide = (r: { width: number; height: number }) => Math.min(r.width, r.height);

/**
 * Plays a lesson's HLS ladder (decision 034): hls.js, loaded only here with a dynamic import, or native HLS, with
 * the original MP4 as the fallback. Renews the stream's token before it expires (the server checks access again);
 * hls.js then fetches with the newest token, and native HLS keeps its first one alive through the session's lease.
 * Offers Auto and each rendition, and the data saver's cap at 360p.
 */
export function useHlsPlayback(options: HlsPlaybackOptions) {
  const { videoRef, lessonId, sessionId, mp4Src, stream, dataSaver } = options;
  const onFatal = useRef(options.onFatal);
  onFatal.current = options.onFatal;
  const token = useRef<string | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [engine, setEngine] = useState<PlaybackEngine | null>(null);
  const [quality, setQualityState] = useState<string>('auto');
  const [activeLabel, setActiveLabel] = useState<string | null>(null);
  const [nativeSrc, setNativeSrc] = useState<string | null>(null);

  const masterUrl = stream?.url ?? null;
  const inline = useRef(stream?.playlists);
  inline.current = stream?.playlists;
  const startAt = useRef(options.startAt);
  startAt.current = options.startAt;
  const renditions = stream?.renditions ?? [];
  const offered = renditions.filter((r) => !dataSaver || shortSide(r) <= DATA_SAVER_CAP);
  const qualities = (offered.length > 0 ? offered : renditions.slice(0, 1)).map((r) => r.label);

  // Renew the token at half its life, for the whole session: a 3-hour lecture never meets an expired one.
  useEffect(() => {
    if (!stream) return;
    token.current = stream.url.match(TOKEN_IN_PATH)?.[0] ?? null;
    const timer = setInterval(() => {
      api(endpoints.lessonHlsToken, { params: { id: lessonId }, query: { sessionId } })
        .then((renewed) => {
          token.current = renewed.url.match(TOKEN_IN_PATH)?.[0] ?? token.current;
        })
        // A failed renewal is tried again at the next tick; the lease covers the gap.
        .catch(() => {});
    }, stream.renewAfterSeconds * 1000);
    return () => clearInterval(timer);
  }, [stream, lessonId, sessionId]);

  // Choose the engine and attach it once per stream.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !masterUrl) {
      setEngine('mp4');
      return;
    }
    if (nativeHls(video)) {
      setEngine('native');
      return;
    }
    let cancelled = false;
    let instance: Hls | null = null;
    loadHlsJs()
      .then((hlsModule) => {
        const { default: HlsClass } = hlsModule;
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          setEngine('mp4');
          return;
        }
        instance = new HlsClass({
          // Every request carries the newest token (renewed above), whatever URL the playlist gave it.
          xhrSetup: (xhr, url) => {
            xhr.open('GET', token.current ? url.replace(TOKEN_IN_PATH, token.current) : url, true);
            if (API_BASE) xhr.withCredentials = true;
          },
          // The session's answer carried the master and the lowest rendition's playlists (decision 039): the
          // first request is the first segment, of the lowest rung, and Auto moves up from there.
          ...(inline.current && { pLoader: inlinePlaylistLoader(hlsModule, assetUrl(masterUrl), inline.current) }),
          startLevel: 0,
          // From the start point, not from 0 and then a seek: the segment warmed at the click is this one. The
          // player starts from 0 a lesson resumed in its last second (useVideoPlayer), so hls.js does too.
          startPosition:
            startAt.current > 0 && startAt.current < inlineSeconds(inline.current) - 1 ? startAt.current : -1,
          // About 30 s ahead of the learner and no more, on mobile data too: hls.js otherwise buffers up to
          // 60 MB or 600 s of a low-bitrate rendition, a whole lesson that may never be watched.
          maxBufferLength: 30,
          maxMaxBufferLength: 30,
          capLevelOnFPSDrop: true,
        });
        hlsRef.current = instance;
        instance.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => {
          const level = instance?.levels[data.level];
          setActiveLabel(level ? `${Math.min(level.width, level.height)}p` : null);
        });
        instance.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          const status = data.response?.code;
          onFatal.current(
            status === 403
              ? t('This video link has expired or is not yours. Retry to open the lesson again.')
              : data.type === HlsClass.ErrorTypes.MEDIA_ERROR
                ? t('The video could not be decoded by this browser.')
                : status !== undefined && status >= 500
                  ? t(
                      'The video storage is not answering right now. Retry in a moment: the lesson goes on from where it stopped.',
                    )
                  : t('The video could not be loaded: the server did not answer. Check your connection and try again.'),
          );
          instance?.destroy();
        });
        instance.loadSource(assetUrl(masterUrl));
        instance.attachMedia(video);
        setEngine('hls.js');
      })
      .catch(() => {
        if (!cancelled) setEngine('mp4');
      });
    return () => {
      cancelled = true;
      instance?.destroy();
      hlsRef.current = null;
    };
  }, [videoRef, masterUrl]);

  // The data saver caps hls.js's automatic choice; native HLS gets a master playlist without the higher ones.
  useEffect(() => {
    const hls = hlsRef.current;
    if (engine === 'hls.js' && hls) {
      const allowed = hls.levels.map((l, i) => [shortSide(l), i] as const).filter(([side]) => side <= DATA_SAVER_CAP);
      hls.autoLevelCapping = dataSaver && allowed.length > 0 ? Math.max(...allowed.map(([, i]) => i)) : -1;
    }
  }, [engine, dataSaver]);

  const setQuality = useCallback(
    (next: string) => {
      setQualityState(next);
      const hls = hlsRef.current;
      if (engine === 'hls.js' && hls) {
        hls.currentLevel = next === 'auto' ? -1 : hls.levels.findIndex((l) => `${shortSide(l)}p` === next);
        return;
      }
      if (engine === 'native' && masterUrl) {
        // Native HLS has no level API: a chosen rendition plays its own playlist, from the same point.
        const video = videoRef.current;
        const at = video?.currentTime ?? 0;
        const wasPlaying = video ? !video.paused : false;
        video?.addEventListener(
          'loadedmetadata',
          () => {
            video.currentTime = at;
            if (wasPlaying) void video.play().catch(() => {});
          },
          { once: true },
        );
        setNativeSrc(next === 'auto' ? null : masterUrl.replace('master.m3u8', `${next}/index.m3u8`));
      }
    },
    [engine, masterUrl, videoRef],
  );

  /** What the <video> element's src is: none while hls.js drives it (Media Source) or is being loaded. */
  let src: string | undefined;
  if (engine === 'mp4') src = assetUrl(mp4Src);
  else if (engine === 'native' && masterUrl) {
    src = assetUrl(nativeSrc ?? (dataSaver ? `${masterUrl}?cap=${DATA_SAVER_CAP}` : masterUrl));
  }
  return {
    engine,
    src,
    // Native HLS shows the poster while it loads. hls.js does not: on a slow link the poster's bytes would share
    // it with the first segment and hold the first frame back (decision 039).
    posterUrl: stream && engine === 'native' ? assetUrl(stream.posterUrl) : undefined,
    /** Labels of the renditions the menu offers (none: MP4, no choice). */
    qualities: engine === 'hls.js' || engine === 'native' ? qualities : [],
    quality,
    /** The rendition hls.js plays now (Auto's current choice). */
    activeLabel,
    setQuality,
  };
}
