import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** POST /admin/courses/:id/publish or /unpublish, at the version the editor saw. */
export function useSetPublished(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publish, version }: { publish: boolean; version: number }) =>
      api(publish ? endpoints.adminPublishCourse : endpoints.adminUnpublishCourse, {
        params: { id },
        body: { version },
      }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
