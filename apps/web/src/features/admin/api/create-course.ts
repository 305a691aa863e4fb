import { type CreateCourseBody, endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** POST /admin/courses: a new draft course (admin). */
export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCourseBody) => api(endpoints.adminCreateCourse, { body }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
