import { endpoints, type SuccessResponse } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import { catalogueKeys, dashboardKeys } from '@/lib/query-keys';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';

/** POST /courses/{id}/enroll, the free path. */
export async function enrollInCourse(courseId: string): Promise<SuccessResponse> {
  const response = await api(endpoints.enroll, { params: { id: courseId } });
  if (!response.success) throw new Error(response.message || 'Enrollment failed');
  return response;
}

/**
 * Enrolls and says so, then reloads the course so the page shows the enrolled state, and refreshes a dashboard
 * already loaded in the background so the new course is on it when the learner goes there. The confirmation is
 * raised here, not by the button: the reloaded page replaces the button, and a call's own callbacks would not
 * run once it is gone.
 */
export function useEnrollInCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enrollInCourse(courseId),
    onSuccess: () => {
      toast(PAYMENT_MESSAGES.enrolled);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'all' });
      return queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) });
    },
  });
}
