import { endpoints } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AnalyticsRange } from '../lib/analytics';
import { adminKeys } from './admin-keys';

/** GET /admin/analytics/overview: sign-ups, enrollments and orders per IST day and by course (money: admins). */
export const analyticsOverviewQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: adminKeys.analyticsOverview(range),
    queryFn: ({ signal }) => api(endpoints.adminAnalyticsOverview, { query: range, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useAnalyticsOverview = (range: AnalyticsRange) => useQuery(analyticsOverviewQuery(range));
