import { type CreateLessonBody, endpoints, type UpdateLessonBody } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** POST /admin/courses/:id/lessons (a new lesson) or PATCH …/lessons/:lessonId (an existing one). */
export function useSaveLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { lessonId: null; body: CreateLessonBody } | { lessonId: string; body: UpdateLessonBody }) =>
      input.lessonId === null
        ? api(endpoints.adminCreateLesson, { params: { id: courseId }, body: input.body })
        : api(endpoints.adminUpdateLesson, { params: { id: courseId, lessonId: input.lessonId }, body: input.body }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
