import { endpoints, type TierBody } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';

/** POST /admin/courses/:id/tiers (a new tier) or PUT …/tiers/:tierId (an existing one); prices in paise. */
export function useSaveTier(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tierId, body }: { tierId: string | null; body: TierBody }) =>
      tierId
        ? api(endpoints.adminUpdateTier, { params: { id: courseId, tierId }, body })
        : api(endpoints.adminCreateTier, { params: { id: courseId }, body }),
    onSuccess: (course) => storeCourse(queryClient, course),
  });
}
