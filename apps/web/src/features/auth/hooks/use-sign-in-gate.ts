import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toast-store';
import { ACCESS_MESSAGES } from '@/lib/access-messages';
import { useLocation, useNavigate } from '@/lib/router';
import { overwriteRedirectPath, sessionQueryOptions } from '@/lib/session';

/**
 * The one gate in front of lessons, Enroll and Pay for anonymous visitors (spec section 5). `isSignedIn` waits
 * for the session probe instead of guessing while it loads, so a signed-in learner is never sent to /login by
 * an early click; `sendToSignIn` shows the spec's message, overwrites the stored path with this page (query
 * included, so `?lesson=` survives) and goes to /login.
 */
export function useSignInGate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const isSignedIn = useCallback(async () => {
    try {
      return Boolean(await queryClient.ensureQueryData(sessionQueryOptions));
    } catch {
      return false;
    }
  }, [queryClient]);

  const sendToSignIn = useCallback(
    (reason: 'lesson' | 'enroll') => {
      toast(reason === 'lesson' ? ACCESS_MESSAGES.signInForLesson : ACCESS_MESSAGES.signInToEnroll);
      overwriteRedirectPath(`${location.pathname}${location.search}`);
      navigate('/login');
    },
    [location.pathname, location.search, navigate],
  );

  return { isSignedIn, sendToSignIn };
}
