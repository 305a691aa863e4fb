import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callPath } from '@/lib/api-client';
import { storeCourse } from './admin-course';
import { putFile } from './put-file';

/** PUT /admin/courses/:id/thumbnail?version= with the picture as the body (the server checks what it is). */
export function useUploadThumbnail(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, file }: { version: number; file: File }) =>
      putFile(
        callPath(endpoints.adminCourseThumbnail, { params: { id: courseId }, query: { version } }),
        file,
        file.type.startsWith('image/') ? file.type : 'application/octet-stream',
      ),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
