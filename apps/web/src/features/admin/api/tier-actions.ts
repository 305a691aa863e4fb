import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** POST …/tiers/:tierId/archive, DELETE …/tiers/:tierId?version=, PUT …/tier-order: at the version the editor saw. */
export function useTierAction(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'archive'; tierId: string; archived: boolean; version: number }
        | { kind: 'delete'; tierId: string; version: number }
        | { kind: 'order'; tierIds: string[]; version: number },
    ) => {
      if (action.kind === 'archive')
        return api(endpoints.adminArchiveTier, {
          params: { id: courseId, tierId: action.tierId },
          body: { version: action.version, archived: action.archived },
        });
      if (action.kind === 'delete')
        return api(endpoints.adminDeleteTier, {
          params: { id: courseId, tierId: action.tierId },
          query: { version: action.version },
        });
      return api(endpoints.adminReorderTiers, {
        params: { id: courseId },
        body: { version: action.version, tierIds: action.tierIds },
      });
    },
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
