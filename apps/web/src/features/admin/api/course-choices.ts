import { type AdminCourseSummary, endpoints } from '@kaushal/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminCourseQuery } from './admin-course';
import { adminKeys } from './admin-keys';

const PAGE = 100;
/** Far beyond any catalogue this academy will have; a guard against paging for ever. */
const MAX_PAGES = 50;

/**
 * Every course, drafts included, by title: what a coupon can be scoped to. GET /admin/courses pages by 100
 * at most, so the pages are read in turn.
 */
export const courseChoicesQuery = () =>
  queryOptions({
    queryKey: adminKeys.courseChoices(),
    queryFn: async ({ signal }) => {
      const courses: AdminCourseSummary[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const list = await api(endpoints.adminCourses, { query: { sort: 'title', page, size: PAGE }, signal });
        courses.push(...list.items);
        if (page >= list.pages) break;
      }
      return courses;
    },
    staleTime: 60_000,
  });

export const useCourseChoices = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...courseChoicesQuery(), ...options });

/** The chosen courses' details (GET /admin/courses/:id), for their pricing tiers. */
export const useCourseDetails = (ids: readonly string[]) =>
  useQueries({ queries: ids.map((id) => adminCourseQuery(id)) });
