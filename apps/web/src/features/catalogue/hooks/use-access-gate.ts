import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { overwriteRedirectPath, sessionQueryOptions } from '@/lib/session';
import { ACCESS_MESSAGES } from '../lib/access-messages';

/**
 * Sign-in gating for the course page. `isSignedIn` waits for the session probe instead of guessing while it
 * loads, so a signed-in learner is never sent to /login by an early click.
 */
export function useAccessGate() {
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

  /** Spec section 5: the message, the current path saved as the redirect, then /login. */
  const requireSignIn = useCallback(
    (reason: 'lesson' | 'enroll') => {
      toast(reason === 'lesson' ? ACCESS_MESSAGES.signInForLesson : ACCESS_MESSAGES.signInToEnroll);
      overwriteRedirectPath(`${location.pathname}${location.search}`);
      navigate('/login');
    },
    [location.pathname, location.search, navigate],
  );

  return { isSignedIn, requireSignIn };
}
