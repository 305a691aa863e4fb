import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { site } from '@/lib/site';
import { usePageTitle } from '@/lib/use-page-title';
import { SignInButtons } from './components/sign-in-buttons';
import { useLoginResult } from './lib/use-login-result';

/** /login: Google and GitHub sign-in; handles the provider's return (success=true or error=<text>). */
export function LoginPage() {
  usePageTitle(t('Sign in'));
  const { checking, error } = useLoginResult();

  if (checking) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <span
          className="size-8 animate-spin rounded-full border-2 border-accent border-t-transparent"
          aria-hidden="true"
        />
        <h1 className="text-xl font-semibold" role="status">
          {t('Signing you in…')}
        </h1>
      </section>
    );
  }

  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16 md:py-24">
      <div className="text-center">
        <h1 className="text-3xl font-bold">{t('Sign in')}</h1>
        <p className="mt-2 text-muted">
          {t('Sign in to {product} to enroll in courses, watch lessons and keep track of your progress.', {
            product: site.productName,
          })}
        </p>
      </div>
      {error && (
        // The toast announces the failure; this keeps the reason on the page after the toast closes.
        <div className="rounded-xl border border-danger/50 bg-danger/10 p-4 text-sm">
          <p className="font-semibold">{t('Login failed')}</p>
          <p className="mt-1">{error}</p>
        </div>
      )}
      <SignInButtons />
      <p className="text-center text-xs text-muted">
        {t('By signing in you agree to our')}{' '}
        <Link to="/terms-and-conditions" className="underline underline-offset-2 hover:text-accent">
          {t('Terms and Conditions')}
        </Link>{' '}
        {t('and')}{' '}
        <Link to="/privacy-policy" className="underline underline-offset-2 hover:text-accent">
          {t('Privacy Policy')}
        </Link>
        {t('.')}
      </p>
    </section>
  );
}
