import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** DELETE …/lessons/:lessonId/captions/:lang?version=, at the version the editor saw. */
export function useRemoveCaptions(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, lang, version }: { lessonId: string; lang: string; version: number }) =>
      api(endpoints.adminRemoveCaptions, { params: { id: courseId, lessonId, lang }, query: { version } }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
