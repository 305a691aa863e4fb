import { endpoints, type Settings } from '@kaushal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const settingsQueryKey = (userId: string) => ['account', 'settings', userId] as const;

/** GET /users/me/settings: the learner's saved preferences over the defaults. */
export const settingsQuery = (userId: string) =>
  queryOptions({
    queryKey: settingsQueryKey(userId),
    queryFn: ({ signal }) => api(endpoints.settings, { signal }),
    // Changed only through this app, which updates the cache itself.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The preferences the settings page edits (the player's speed is saved by the player). */
export type EditableSettings = Omit<Settings, 'playbackRate'>;

/** PUT /users/me/settings with the page's keys only, so a speed saved meanwhile by the player is kept. */
export function useSaveSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EditableSettings) => api(endpoints.updateSettings, { body: changes }),
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey(userId), settings),
  });
}
