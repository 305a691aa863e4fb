import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toast-store';
import { msg } from '@/lib/i18n/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { clearRedirectPath, getRedirectPath, sessionQueryOptions } from '@/lib/session';

export const LOGIN_FAILED_TEXT = msg('There was an error signing you in. Please try again.');

/** Only an in-app path is followed after sign-in (never another origin, even if storage was tampered with). */
const safePath = (path: string | null) => (path?.startsWith('/') && !path.startsWith('//') ? path : null);

/**
 * The /login page's handling of the provider's return (spec sections 2, 4 and 8):
 * - `success=true`: re-check the session; signed in → 'Welcome back!', clear the stored path and go to it
 *   (or /dashboard); otherwise 'Login failed' with the default text.
 * - `error=<text>`: 'Login failed' with that text.
 * Answers whether the session is being re-checked, and the error text to show on the page.
 */
export function useLoginResult(): { checking: boolean; error: string | null } {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const success = params.get('success') === 'true';
  const queryError = params.get('error');
  const [failed, setFailed] = useState(false);
  // Each return is handled once, also when React runs effects twice in development.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const key = params.toString();
    if (handled.current === key) return;
    handled.current = key;
    if (queryError) {
      toast({ title: msg('Login failed'), description: queryError, variant: 'destructive' });
      return;
    }
    if (!success) return;
    const fail = () => {
      toast({ title: msg('Login failed'), description: LOGIN_FAILED_TEXT, variant: 'destructive' });
      setFailed(true);
      setParams({}, { replace: true });
    };
    queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).then((user) => {
      if (!user) return fail();
      notice(msg('Welcome back!'));
      const target = safePath(getRedirectPath()) ?? '/dashboard';
      clearRedirectPath();
      navigate(target, { replace: true });
    }, fail);
  }, [params, queryError, success, navigate, queryClient, setParams]);

  return { checking: success && !failed, error: queryError ?? (failed ? LOGIN_FAILED_TEXT : null) };
}
