import { endpoints } from '@kaushal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnalyticsRange } from '../lib/analytics';
import { adminKeys } from './admin-keys';

/** GET /admin/analytics/courses/:id/funnel: a course's steps from page visitors to completion, and its lessons. */
export const analyticsFunnelQuery = (courseId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: adminKeys.analyticsFunnel(courseId, range),
    queryFn: ({ signal }) => api(endpoints.adminAnalyticsFunnel, { params: { id: courseId }, query: range, signal }),
    staleTime: 60_000,
  });

export const useAnalyticsFunnel = (courseId: string | null, range: AnalyticsRange) =>
  useQuery({ ...analyticsFunnelQuery(courseId ?? '', range), enabled: courseId !== null });
