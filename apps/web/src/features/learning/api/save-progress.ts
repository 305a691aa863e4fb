import { endpoints, type ProgressBody } from '@kaushal/contract';
import { api } from '@/lib/api-client';

/** Progress reports sent and not yet answered. */
const inFlight = new Set<Promise<unknown>>();

/** PUT /lessons/:id/progress. keepalive: a save sent as the page closes still arrives. */
export function saveProgress(lessonId: string, body: ProgressBody) {
  const call = api(endpoints.lessonProgress, { params: { id: lessonId }, body, keepalive: true });
  inFlight.add(call);
  const settled = () => inFlight.delete(call);
  call.then(settled, settled);
  return call;
}

/**
 * Resolves once every progress report sent so far has been answered or has failed: what reads progress (the
 * course page's lessons, the dashboard) asks the server after that, not before the last report has landed.
 */
export function progressSavesSettled(): Promise<void> {
  return Promise.allSettled([...inFlight]).then(() => undefined);
}
