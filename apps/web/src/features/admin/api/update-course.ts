import { endpoints, type UpdateCourseBody } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** PATCH /admin/courses/:id with the version the editor saw (409 stale_version when it changed since). */
export function useUpdateCourse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCourseBody) => api(endpoints.adminUpdateCourse, { params: { id }, body }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
