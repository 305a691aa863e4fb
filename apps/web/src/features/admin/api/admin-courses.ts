import { type AdminCoursesQuery, endpoints } from '@kaushal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type CourseListQuery = Pick<AdminCoursesQuery, 'q' | 'status' | 'sort' | 'page'>;
export const COURSE_LIST_SIZE = 20;

/** GET /admin/courses: one page of the console's course list (search, status, sort). */
export const adminCoursesQuery = (query: CourseListQuery) =>
  queryOptions({
    queryKey: adminKeys.courseList(query),
    queryFn: ({ signal }) => api(endpoints.adminCourses, { query: { ...query, size: COURSE_LIST_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminCourses = (query: CourseListQuery) => useQuery(adminCoursesQuery(query));
