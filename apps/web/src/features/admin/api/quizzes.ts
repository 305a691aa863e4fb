import { type AdminQuizBody, endpoints } from '@kaushal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeCourse } from './admin-course';
import { adminKeys } from './admin-keys';

const quizzesKey = (courseId: string) => [...adminKeys.courses(), 'quizzes', courseId] as const;

/** GET /admin/courses/:id/quizzes: the sections' quizzes with their answers, as the console edits them. */
export const adminQuizzesQuery = (courseId: string) =>
  queryOptions({
    queryKey: quizzesKey(courseId),
    queryFn: ({ signal }) => api(endpoints.adminCourseQuizzes, { params: { id: courseId }, signal }),
  });

/** PUT (create or replace) or DELETE a section's quiz; the course's new version is stored, the quizzes read again. */
export function useQuizWrite(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { sectionId: string } & ({ remove: true; version: number } | { remove?: false; body: AdminQuizBody }),
    ) =>
      input.remove
        ? api(endpoints.adminDeleteQuiz, {
            params: { id: courseId, sectionId: input.sectionId },
            query: { version: input.version },
          })
        : api(endpoints.adminSaveQuiz, { params: { id: courseId, sectionId: input.sectionId }, body: input.body }),
    onSuccess: (course) => {
      storeCourse(queryClient, course);
      void queryClient.invalidateQueries({ queryKey: quizzesKey(courseId) });
    },
  });
}
