import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callPath } from '@/lib/api-client';
import { storeCourse } from './admin-course';
import { putFile } from './put-file';

/** PUT /admin/courses/:id/lessons/:lessonId/captions/:lang?version=&label= with the WebVTT file as the body. */
export function useUploadCaptions(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      lessonId,
      lang,
      label,
      version,
      file,
    }: {
      lessonId: string;
      lang: string;
      label: string;
      version: number;
      file: Blob;
    }) =>
      putFile(
        callPath(endpoints.adminLessonCaptions, {
          params: { id: courseId, lessonId, lang },
          query: { version, label },
        }),
        file,
        'text/vtt',
      ),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
