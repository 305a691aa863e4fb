import { endpoints } from '@kaushal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notice } from '@/components/ui/notice';
import { api } from '@/lib/api-client';
import { msg } from '@/lib/i18n/i18n';
import { useNavigate } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { applyTheme, DEFAULT_THEME, forgetStoredTheme } from '@/lib/theme';

/**
 * DELETE /users/me. Afterwards nothing of the learner stays in this tab: the session and every cached
 * answer are dropped, the remembered theme too, and the browser goes home.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api(endpoints.deleteAccount),
    onSuccess: async () => {
      notice(msg('Your account has been deleted.'));
      // Leave first: a signed-in page that saw the user vanish would send the browser to /login instead.
      await navigate('/');
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      forgetStoredTheme();
      applyTheme(DEFAULT_THEME);
    },
  });
}
