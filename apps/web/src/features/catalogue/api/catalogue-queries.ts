import { COURSES_PAGE_SIZE, endpoints } from '@kaushal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, callPath } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys';
import type { CatalogueFilters } from '../lib/catalogue-filters';

// Each query names the API path it reads in `meta.apiPath`: the server's first paint (app/first-paint) fetches
// the same path and seeds the same key, so the page's first render has the data the HTML was drawn with.

export const featuredCoursesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.featured(),
    queryFn: ({ signal }) => api(endpoints.featuredCourses, { signal }),
    meta: { apiPath: callPath(endpoints.featuredCourses) },
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.stats(),
    queryFn: ({ signal }) => api(endpoints.stats, { signal }),
    meta: { apiPath: callPath(endpoints.stats) },
  });

/** A page of the catalogue; with filters (lib/catalogue-filters), searched, filtered and sorted. */
export const coursesPageQuery = (page: number, size = COURSES_PAGE_SIZE, filters: CatalogueFilters = {}) => {
  const call = { query: { page, size, ...filters } };
  return queryOptions({
    queryKey: catalogueKeys.page(page, size, filters as Readonly<Record<string, string>>),
    queryFn: ({ signal }) => api(endpoints.courses, { ...call, signal }),
    placeholderData: keepPreviousData,
    meta: { apiPath: callPath(endpoints.courses, call) },
  });
};

export const courseQuery = (id: string) => {
  const call = { params: { id } };
  return queryOptions({
    queryKey: catalogueKeys.course(id),
    queryFn: ({ signal }) => api(endpoints.course, { ...call, signal }),
    staleTime: 0,
    meta: { apiPath: callPath(endpoints.course, call) },
  });
};

/** The latest reviews of a course (newest first), shown under its lessons. */
export const courseReviewsQuery = (id: string, size = 3) => {
  const call = { params: { id }, query: { page: 1, size } };
  return queryOptions({
    queryKey: catalogueKeys.reviews(id, size),
    queryFn: ({ signal }) => api(endpoints.courseReviews, { ...call, signal }),
    staleTime: 5 * 60_000,
    meta: { apiPath: callPath(endpoints.courseReviews, call) },
  });
};
