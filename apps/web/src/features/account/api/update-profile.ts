import { routes, type UpdateProfileBody, type User } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** PATCH /users/me; the answer replaces the session user, so the new name shows everywhere at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiRequest<User>(routes.me, { method: 'PATCH', body }),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
