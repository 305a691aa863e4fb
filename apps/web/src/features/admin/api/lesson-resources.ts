import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, callPath } from '@/lib/api-client';
import { storeCourse } from './admin-course';
import { putFile } from './put-file';

/** A lesson's downloadable resources in the console: each write answers the course at its new version. */
interface Target {
  lessonId: string;
  version: number;
}

/** POST …/lessons/:lessonId/resources?version=&title=&fileName= with the file's bytes as the body. */
export function useUploadResource(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      lessonId,
      version,
      title,
      fileName,
      file,
    }: Target & { title: string; fileName: string; file: Blob }) =>
      putFile(
        callPath(endpoints.adminCreateResource, {
          params: { id: courseId, lessonId },
          query: { version, title, fileName },
        }),
        file,
        'application/octet-stream',
        'POST',
      ),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}

export function useRenameResource(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, version, resourceId, title }: Target & { resourceId: string; title: string }) =>
      api(endpoints.adminUpdateResource, { params: { id: courseId, lessonId, resourceId }, body: { version, title } }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}

export function useRemoveResource(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, version, resourceId }: Target & { resourceId: string }) =>
      api(endpoints.adminDeleteResource, { params: { id: courseId, lessonId, resourceId }, query: { version } }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}

export function useReorderResources(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, version, resourceIds }: Target & { resourceIds: string[] }) =>
      api(endpoints.adminReorderResources, { params: { id: courseId, lessonId }, body: { version, resourceIds } }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
