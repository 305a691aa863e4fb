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

// Each query names the API path it reads in `meta.apiPath`: the server's first paint (app/first-paint) fetches
// the same path and seeds the same key, so the page's first render has the data the HTML was drawn with.

export const featuredCoursesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.featured(),
    queryFn: ({ signal }) => apiRequest<CourseSummary[]>(routes.featuredCourses, { signal }),
    meta: { apiPath: routes.featuredCourses },
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.stats(),
    queryFn: ({ signal }) => apiRequest<Stats>(routes.stats, { signal }),
    meta: { apiPath: routes.stats },
  });

export const coursesPageQuery = (page: number, size = COURSES_PAGE_SIZE) => {
  const path = `${routes.courses}?page=${page}&size=${size}`;
  return queryOptions({
    queryKey: catalogueKeys.page(page, size),
    queryFn: ({ signal }) => apiRequest<CourseList>(path, { signal }),
    placeholderData: keepPreviousData,
    meta: { apiPath: path },
  });
};

export const courseQuery = (id: string) => {
  const path = apiPath('course', { id });
  return queryOptions({
    queryKey: catalogueKeys.course(id),
    queryFn: ({ signal }) => apiRequest<CourseDetail>(path, { signal }),
    staleTime: 0,
    meta: { apiPath: path },
  });
};

/** The latest reviews of a course (newest first), shown under its lessons. */
export const courseReviewsQuery = (id: string, size = 3) => {
  const path = `${apiPath('courseReviews', { id })}?page=1&size=${size}`;
  return queryOptions({
    queryKey: catalogueKeys.reviews(id, size),
    queryFn: ({ signal }) => apiRequest<ReviewList>(path, { signal }),
    staleTime: 5 * 60_000,
    meta: { apiPath: path },
  });
};
