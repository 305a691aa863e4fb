import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /admin/analytics/refresh: rolls up the playback stored since the last run now; every chart is read again. */
export function useRefreshAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(endpoints.adminAnalyticsRefresh, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.analytics() }),
  });
}
