import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { overwriteRedirectPath, sessionQueryOptions } from '@/lib/session';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';

/**
 * Enroll and Pay need a signed-in learner. `isSignedIn` waits for the session probe rather than guessing
 * while it loads; `sendToSignIn` shows the spec's message, stores this page as the way back and goes to /login.
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

  const sendToSignIn = useCallback(() => {
    toast(PAYMENT_MESSAGES.signInToEnroll);
    overwriteRedirectPath(`${location.pathname}${location.search}`);
    navigate('/login');
  }, [location.pathname, location.search, navigate]);

  return { isSignedIn, sendToSignIn };
}
