import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, callPath } from '@/lib/api-client';

export const certificateKeys = {
  all: ['certificate'] as const,
  one: (id: string) => [...certificateKeys.all, id] as const,
};

/**
 * GET /certificates/:id: the public verification of a certificate. It names its API path (`meta.apiPath`), so
 * the server's first paint fetches the same answer and the page is drawn with it (link previews, crawlers).
 */
export const certificateQuery = (id: string) => {
  const call = { params: { id } };
  return queryOptions({
    queryKey: certificateKeys.one(id),
    queryFn: ({ signal }) => api(endpoints.certificate, { ...call, signal }),
    meta: { apiPath: callPath(endpoints.certificate, call) },
  });
};

/** Where the certificate's PDF and link-preview picture are served (paths under the API prefix). */
export const certificatePdfPath = (id: string) => callPath(endpoints.certificatePdf, { params: { id } });
export const certificateImagePath = (id: string) => callPath(endpoints.certificateImage, { params: { id } });
