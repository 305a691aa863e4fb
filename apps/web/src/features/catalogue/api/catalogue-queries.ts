import {
  apiPath,
  COURSES_PAGE_SIZE,
  courseDetailSchema,
  courseListSchema,
  featuredCoursesSchema,
  reviewListSchema,
  routes,
  statsSchema,
} from '@kaushal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys';

export const featuredCoursesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.featured(),
    queryFn: ({ signal }) => apiRequest(routes.featuredCourses, { schema: featuredCoursesSchema, signal }),
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.stats(),
    queryFn: ({ signal }) => apiRequest(routes.stats, { schema: statsSchema, signal }),
  });

export const coursesPageQuery = (page: number, size = COURSES_PAGE_SIZE) =>
  queryOptions({
    queryKey: catalogueKeys.page(page, size),
    queryFn: ({ signal }) =>
      apiRequest(`${routes.courses}?page=${page}&size=${size}`, { schema: courseListSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const courseQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.course(id),
    queryFn: ({ signal }) => apiRequest(apiPath('course', { id }), { schema: courseDetailSchema, signal }),
    staleTime: 0,
  });

/** The latest reviews of a course (newest first), shown under its lessons. */
export const courseReviewsQuery = (id: string, size = 3) =>
  queryOptions({
    queryKey: catalogueKeys.reviews(id, size),
    queryFn: ({ signal }) =>
      apiRequest(`${apiPath('courseReviews', { id })}?page=1&size=${size}`, { schema: reviewListSchema, signal }),
    staleTime: 5 * 60_000,
  });
