import { apiPath, type ProgressBody, type ProgressResponse } from '@kaushal/contract';
import { apiRequest } from '@/lib/api-client';

/** PUT /lessons/:id/progress. keepalive: a save sent as the page closes still arrives. */
export const saveProgress = (lessonId: string, body: ProgressBody) =>
  apiRequest<ProgressResponse>(apiPath('lessonProgress', { id: lessonId }), { method: 'PUT', body, keepalive: true });
