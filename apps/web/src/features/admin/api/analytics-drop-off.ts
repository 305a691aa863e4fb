import { endpoints } from '@kaushal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnalyticsRange } from '../lib/analytics';
import { adminKeys } from './admin-keys';

/** GET /admin/analytics/lessons/:id/drop-off: viewers still watching at each 5%, last seen, most rewatched seconds. */
export const analyticsDropOffQuery = (lessonId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: adminKeys.analyticsDropOff(lessonId, range),
    queryFn: ({ signal }) => api(endpoints.adminAnalyticsDropOff, { params: { id: lessonId }, query: range, signal }),
    staleTime: 60_000,
  });

export const useAnalyticsDropOff = (lessonId: string | null, range: AnalyticsRange) =>
  useQuery({ ...analyticsDropOffQuery(lessonId ?? '', range), enabled: lessonId !== null });
