import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { learningKeys } from './lesson-query';

/**
 * GET /lessons/:id/signed-url: opens a new video session each time the player opens (`openId`), so it is
 * never shared between openings nor kept after.
 */
export const signedVideoQuery = (id: string, openId: number) =>
  queryOptions({
    queryKey: learningKeys.signedVideo(id, openId),
    queryFn: ({ signal }) => api(endpoints.lessonSignedUrl, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    // Once, and only for a failure that may pass (network, server); a refusal (403, 404) is shown at once.
    retry: (failures, error) =>
      failures < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
  });
