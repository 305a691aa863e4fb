import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** What the publishing card can do to a course, each at the version the editor saw. */
export type PublishAction = 'publish' | 'unpublish' | 'discard';

const ENDPOINTS = {
  publish: endpoints.adminPublishCourse,
  unpublish: endpoints.adminUnpublishCourse,
  discard: endpoints.adminDiscardDraft,
} as const;

/** POST /admin/courses/:id/publish, /unpublish or /discard-draft. */
export function usePublishAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version }: { action: PublishAction; version: number }) =>
      api(ENDPOINTS[action], { params: { id }, body: { version } }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
