import { apiPath, type SuccessResponse } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys';

/** POST /courses/{id}/enroll, the free path. */
export async function enrollInCourse(courseId: string): Promise<SuccessResponse> {
  const response = await apiRequest<SuccessResponse>(apiPath('enroll', { id: courseId }), { method: 'POST' });
  if (!response.success) throw new Error(response.message || 'Enrollment failed');
  return response;
}

/** Enrolls, then reloads the course so the page shows the enrolled state. */
export function useEnrollInCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enrollInCourse(courseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) }),
  });
}
