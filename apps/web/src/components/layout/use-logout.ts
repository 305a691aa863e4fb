import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import { msg } from '@/lib/i18n/i18n';
import { useNavigate } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';

/** Logout posts to the server, clears the user, says 'Logged out' and goes to /. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api(endpoints.authLogout, { ignoreUnauthorized: true }),
    onSuccess: async () => {
      notice(msg('Logged out'));
      // Leave first, rendered at once (flushSync): a signed-in-only page that saw the user vanish before it
      // unmounted would send the browser to /login instead.
      await navigate('/', { flushSync: true });
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
    onError: () => {
      toast({ title: msg('Error'), description: msg('Failed to logout. Please try again.'), variant: 'destructive' });
    },
  });
}
