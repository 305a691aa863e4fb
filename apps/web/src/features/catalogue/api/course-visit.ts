import { endpoints } from '@kaushal/contract';
import { api } from '@/lib/api-client';

/**
 * POST /courses/:id/visit: counts this page view for the console's funnel (once a day per visitor, on the server,
 * without a cookie of its own or anything stored about the visitor). Fire and forget: a failed count is no concern
 * of the learner's.
 */
export function sendCourseVisit(courseId: string): void {
  api(endpoints.coursePageVisit, { params: { id: courseId }, keepalive: true }).catch(() => {});
}
