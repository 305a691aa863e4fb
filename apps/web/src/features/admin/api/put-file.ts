import type { AdminCourseDetail } from '@kaushal/contract';
import { ApiError, apiUrl } from '@/lib/api-client';

/**
 * A PUT (or POST: a lesson's new resource) whose body is a file (captions, a thumbnail), not JSON: the typed
 * client sends JSON only. The answer is the course at its new version; a refusal is an ApiError with the
 * server's detail.
 */
export async function putFile(
  path: string,
  file: Blob,
  contentType: string,
  method: 'PUT' | 'POST' = 'PUT',
): Promise<AdminCourseDetail> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      credentials: 'include',
      headers: { 'Content-Type': contentType, Accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'network_error', undefined);
  }
  const data = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof data?.code === 'string' ? data.code : 'http_error',
      typeof data?.detail === 'string' ? data.detail : undefined,
    );
  }
  return data as unknown as AdminCourseDetail;
}
