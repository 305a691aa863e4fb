import { endpoints, type OutlineBody } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** PUT /admin/courses/:id/outline: every section in order with its lessons, at the version the editor saw. */
export function useSaveOutline(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutlineBody) => api(endpoints.adminCourseOutline, { params: { id: courseId }, body }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
