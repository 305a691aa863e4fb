import { endpoints, type VideoEvent } from '@kaushal/contract';
import { ApiError, api, apiUrl, callPath } from '@/lib/api-client';

/**
 * Worth sending again: no answer (offline), a timeout, rate limiting or a server fault. Any other refusal
 * (400, 401, 403, 413) would be refused again, and retrying it would hold up every later batch.
 */
export const isRetryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/** POST /lessons/:id/events while the page lives (keepalive, so a batch in flight survives a close). */
export async function postEvents(lessonId: string, events: VideoEvent[]): Promise<void> {
  try {
    await api(endpoints.lessonEvents, { params: { id: lessonId }, body: events, keepalive: true });
  } catch (error) {
    if (error instanceof ApiError && !isRetryable(error.status)) return;
    throw error;
  }
}

/**
 * The same call for a page that is going away: navigator.sendBeacon posts the JSON as text/plain (which the
 * API accepts for this route) and the browser delivers it after the page is gone. When the beacon is refused
 * (missing, or over its size limit), a keepalive fetch stands in.
 */
export function beaconEvents(lessonId: string, events: VideoEvent[]): boolean | Promise<boolean> {
  const url = apiUrl(callPath(endpoints.lessonEvents, { params: { id: lessonId }, body: events }));
  const body = JSON.stringify(events);
  try {
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return true;
  } catch {
    // Some browsers throw for a beacon they will not send instead of returning false; fetch stands in.
  }
  return fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).then(
    (response) => response.ok || !isRetryable(response.status),
    () => false,
  );
}
