import { endpoints, type SignedVideo } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ApiError, api, assetUrl } from '@/lib/api-client';
import { firstSegmentPath, preloadHlsJs, willUseHlsJs } from '../lib/hls-loader';
import { learningKeys } from './lesson-query';

/** A video session asked for at the learner's click, not yet taken by the player: its lesson, when, the answer. */
let early: { id: string; at: number; answer: Promise<SignedVideo> } | null = null;
/** Older than this, an early answer is not used (its links are short-lived; the click did not open the player). */
const EARLY_MAX_AGE_MS = 30_000;

/**
 * Opens the lesson's video session as the learner clicks, beside the lesson's details and the player's code
 * (decision 039): the player takes this answer instead of asking once it has mounted. The server checks access
 * as for any session; a refusal here is the player's to show, as it would be.
 */
export function requestVideoSessionEarly(id: string): void {
  const answer = api(endpoints.lessonSignedUrl, { params: { id } });
  // hls.js only for a lesson with a ladder: an MP4 lesson's first frame does not share the link with it.
  answer.then((video) => video.hls && preloadHlsJs()).catch(() => {}); // a failure is the player's to show

  early = { id, at: Date.now(), answer };
}

/**
 * Once the early session's answer and the start point are known, fetches the first segment hls.js will ask for,
 * so it arrives alongside hls.js rather than after it; hls.js's request then finds it in the browser's cache
 * (segments are `private, max-age=86400`, and a request for an entry still arriving waits for it). Only where
 * hls.js plays: the same request, same credentials.
 */
export function warmFirstSegment(id: string, atSeconds: number): void {
  const pending = early;
  if (!pending || pending.id !== id || !willUseHlsJs()) return;
  pending.answer
    .then((video) => {
      const hls = video.hls;
      const segment = hls && firstSegmentPath(hls.playlists, atSeconds);
      if (!hls || !segment) return;
      const url = new URL(segment, new URL(assetUrl(hls.url), window.location.href)).href;
      return fetch(url, { credentials: API_BASE ? 'include' : 'same-origin' }).then((res) => res.arrayBuffer());
    })
    .catch(() => {}); // hls.js asks again
}

function takeEarly(id: string): Promise<SignedVideo> | null {
  const taken = early;
  early = null;
  return taken && taken.id === id && Date.now() - taken.at < EARLY_MAX_AGE_MS ? taken.answer : null;
}

/**
 * GET /lessons/:id/signed-url: opens a new video session each time the player opens (`openId`), so it is
 * never shared between openings nor kept after.
 */
export const signedVideoQuery = (id: string, openId: number) =>
  queryOptions({
    queryKey: learningKeys.signedVideo(id, openId),
    queryFn: ({ signal }) => takeEarly(id) ?? api(endpoints.lessonSignedUrl, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    // Once, and only for a failure that may pass (network, server); a refusal (403, 404) is shown at once.
    retry: (failures, error) =>
      failures < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
  });
