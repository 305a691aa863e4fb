import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigation } from '@/lib/router';
import { overwriteRedirectPath, type SessionState, useSession } from '@/lib/session';

/**
 * The console's sign-in gate, the same as the signed-in layout's (components/layout/signed-in-layout.tsx): once
 * the session is known to be signed out, it stores this page as the redirect-after-login path and goes to
 * /login; while the session is unknown it does nothing (never a redirect during loading). A copy rather than a
 * shared hook: shared, the bundler put it in a chunk the home page loads.
 */
export function useSignInRedirect(): SessionState {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const signedOut = session.status === 'anonymous';

  useEffect(() => {
    // A navigation already under way (logout going to /) decides where the user goes.
    if (!signedOut || navigation.state !== 'idle') return;
    overwriteRedirectPath(here);
    navigate('/login', { replace: true });
  }, [signedOut, here, navigate, navigation.state]);

  return session;
}
