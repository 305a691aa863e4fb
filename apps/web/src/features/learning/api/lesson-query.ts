import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const learningKeys = {
  all: ['learning'] as const,
  lesson: (id: string) => [...learningKeys.all, 'lesson', id] as const,
  signedVideo: (id: string, openId: number) => [...learningKeys.all, 'signed-video', id, openId] as const,
};

/**
 * GET /lessons/:id: details, captions and where to resume. Fresh for a few seconds only, so the player that
 * opens right after the click reuses the answer, while a later opening sees the new resume point.
 */
export const lessonQuery = (id: string) =>
  queryOptions({
    queryKey: learningKeys.lesson(id),
    queryFn: ({ signal }) => api(endpoints.lesson, { params: { id }, signal }),
    staleTime: 10_000,
    retry: false,
  });
