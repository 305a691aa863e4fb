import { endpoints, type QuizAttemptBody } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A course's quizzes (the course page) and one quiz (its own page); an attempt refreshes both. */
export const quizKeys = {
  all: ['quizzes'] as const,
  course: (courseId: string) => [...quizKeys.all, 'course', courseId] as const,
  quiz: (quizId: string) => [...quizKeys.all, 'quiz', quizId] as const,
};

export const courseQuizzesQuery = (courseId: string) =>
  queryOptions({
    queryKey: quizKeys.course(courseId),
    queryFn: ({ signal }) => api(endpoints.courseQuizzes, { params: { id: courseId }, signal }),
    staleTime: 0,
  });

export const quizQuery = (quizId: string) =>
  queryOptions({
    queryKey: quizKeys.quiz(quizId),
    queryFn: ({ signal }) => api(endpoints.quiz, { params: { id: quizId }, signal }),
    staleTime: 0,
    retry: false,
  });

export const submitQuizAttempt = (quizId: string, answers: QuizAttemptBody['answers']) =>
  api(endpoints.quizAttempt, { params: { id: quizId }, body: { answers } });
