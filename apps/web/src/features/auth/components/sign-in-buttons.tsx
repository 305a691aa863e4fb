import type { OAuthProvider } from '@kaushal/contract';
import { Button } from '@/components/ui/button';
import { type MessageId, msg, t } from '@/lib/i18n/i18n';
import { useLocation } from '@/lib/router';
import { isReturnablePath, rememberPathForLogin, signInUrl } from '@/lib/session';
import { pathFromReferrer } from '../lib/referrer-path';
import { GitHubIcon, GoogleIcon } from './provider-icons';

const PROVIDERS: Array<{
  id: OAuthProvider;
  label: MessageId;
  Icon: typeof GoogleIcon;
  variant: 'primary' | 'secondary';
}> = [
  { id: 'google', label: msg('Sign in with Google'), Icon: GoogleIcon, variant: 'primary' },
  { id: 'github', label: msg('Sign in with GitHub'), Icon: GitHubIcon, variant: 'secondary' },
];

/**
 * 'Sign in with Google' and 'Sign in with GitHub': links (they leave the app for the provider with a full
 * page load) that first store the redirect-after-login path by the spec's rule (a path stored already stays).
 */
export function SignInButtons() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  // On /login itself: the page whose Sign In link brought the visitor here before the app started on it (decision 029).
  const from = () =>
    isReturnablePath(here) ? here : (pathFromReferrer(document.referrer, window.location.origin) ?? here);
  return (
    <div className="grid gap-3">
      {PROVIDERS.map(({ id, label, Icon, variant }) => (
        <Button key={id} asChild size="lg" variant={variant} className="w-full">
          <a href={signInUrl(id)} onClick={() => rememberPathForLogin(from())}>
            <Icon className="size-5" />
            {t(label)}
          </a>
        </Button>
      ))}
    </div>
  );
}
