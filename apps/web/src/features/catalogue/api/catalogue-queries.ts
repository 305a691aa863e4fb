import {
  apiPath,
  COURSES_PAGE_SIZE,
  type CourseDetail,
  type CourseList,
  type CourseSummary,
  type ReviewList,
  routes,
  type Stats,
} from '@kaushal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys';

export const featuredCoursesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.featured(),
    queryFn: ({ signal }) => apiRequest<CourseSummary[]>(routes.featuredCourses, { signal }),
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.stats(),
    queryFn: ({ signal }) => apiRequest<Stats>(routes.stats, { signal }),
  });

export const coursesPageQuery = (page: number, size = COURSES_PAGE_SIZE) =>
  queryOptions({
    queryKey: catalogueKeys.page(page, size),
    queryFn: ({ signal }) => apiRequest<CourseList>(`${routes.courses}?page=${page}&size=${size}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const courseQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.course(id),
    queryFn: ({ signal }) => apiRequest<CourseDetail>(apiPath('course', { id }), { signal }),
    staleTime: 0,
  });

/** The latest reviews of a course (newest first), shown under its lessons. */
export const courseReviewsQuery = (id: string, size = 3) =>
  queryOptions({
    queryKey: catalogueKeys.reviews(id, size),
    queryFn: ({ signal }) =>
      apiRequest<ReviewList>(`${apiPath('courseReviews', { id })}?page=1&size=${size}`, { signal }),
    staleTime: 5 * 60_000,
  });
