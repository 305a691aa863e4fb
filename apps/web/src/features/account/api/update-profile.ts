import { endpoints, type UpdateProfileBody } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** PATCH /users/me; the answer replaces the session user, so the new name shows everywhere at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api(endpoints.updateProfile, { body }),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
