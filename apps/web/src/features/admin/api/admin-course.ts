import { type AdminCourseDetail, endpoints } from '@kaushal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/courses/:id: one course with its version, lessons, tiers and instructors. */
export const adminCourseQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.course(id),
    queryFn: ({ signal }) => api(endpoints.adminCourse, { params: { id }, signal }),
    // The editor's version must be the one its form started from: no silent refetch under an open form (a
    // newer version would turn someone else's changes into this form's 'changes'). Forgotten when the editor
    // closes, so opening it again reads the course afresh; Reload reads it on purpose.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useAdminCourse = (id: string) => useQuery(adminCourseQuery(id));

/**
 * Every course write answers the whole course at its new version: it replaces the cached one (so the next save
 * sends that version), and the lists, whose rows it changes, are read again.
 */
export function storeCourse(queryClient: QueryClient, course: AdminCourseDetail) {
  queryClient.setQueryData(adminKeys.course(course.id), course);
  void queryClient.invalidateQueries({ queryKey: [...adminKeys.courses(), 'list'] });
  void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
}
