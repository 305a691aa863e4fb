import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** PUT /admin/courses/:id/instructors: who authors the course (admin); each holds the instructor role. */
export function useSetInstructors(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; userIds: string[] }) =>
      api(endpoints.adminCourseInstructors, { params: { id: courseId }, body }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
