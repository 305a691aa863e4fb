import { endpoints, type User } from '@kaushal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';

export const sessionQueryKey = ['auth', 'me'] as const;

/** GET /auth/me: the signed-in learner, or null when signed out (a failure means signed out). */
export async function fetchSessionUser(): Promise<User | null> {
  try {
    return await api(endpoints.authMe, { ignoreUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionUser,
  staleTime: 5 * 60_000,
  retry: false,
});

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'anonymous'; user: null };

/** Auth state: unknown while loading, then a signed-in user or none. */
export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions);
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'authenticated', user: query.data };
  return { status: 'anonymous', user: null };
}
