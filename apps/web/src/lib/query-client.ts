import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; network and server errors get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    /** `apiPath`: the API GET a query reads, for the server's first paint (app/first-paint). */
    queryMeta: { apiPath?: string };
  }
}
