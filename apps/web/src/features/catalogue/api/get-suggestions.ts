import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys';

/** What the search boxes suggest for the text typed so far (courses and lessons by title). */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: catalogueKeys.suggestions(q),
    queryFn: ({ signal }) => api(endpoints.searchSuggestions, { query: { q }, signal }),
    staleTime: 60_000,
    enabled: q.trim().length >= 2,
  });
