import { apiPath, type ProgressBody, progressResponseSchema } from '@kaushal/contract';
import { apiRequest } from '@/lib/api-client';

/** PUT /lessons/:id/progress. keepalive: a save sent as the page closes still arrives. */
export const saveProgress = (lessonId: string, body: ProgressBody) =>
  apiRequest(apiPath('lessonProgress', { id: lessonId }), {
    method: 'PUT',
    body,
    schema: progressResponseSchema,
    keepalive: true,
  });
