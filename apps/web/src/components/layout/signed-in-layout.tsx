import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from '@/lib/router';
import { overwriteRedirectPath, useSession } from '@/lib/session';
import { Sidebar } from './sidebar';

/**
 * The shell of the pages that need a signed-in learner (dashboard, profile, settings): the sidebar beside
 * the page. While the session is unknown it shows a loading state (never a redirect, never a placeholder
 * user); signed out, it stores this page as the redirect-after-login path and goes to /login.
 */
export function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const signedOut = session.status === 'anonymous';

  useEffect(() => {
    // A navigation already under way (logout going to /) decides where the learner goes.
    if (!signedOut || navigation.state !== 'idle') return;
    overwriteRedirectPath(here);
    navigate('/login', { replace: true });
  }, [signedOut, here, navigate, navigation.state]);

  if (session.status !== 'authenticated') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center gap-3" role="status">
        <span
          className="size-6 animate-spin rounded-full border-2 border-accent border-t-transparent"
          aria-hidden="true"
        />
        <span className="text-muted">{signedOut ? 'Redirecting to sign in…' : 'Loading your account…'}</span>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col md:flex-row">
      <Sidebar user={session.user} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
