import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { useSession } from '@/lib/session';

export function FinalCta() {
  const session = useSession();
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 py-20 md:px-6">
      <div className="flex flex-col items-center gap-6 rounded-3xl border border-accent/40 bg-gradient-to-br from-accent/20 via-surface to-surface px-6 py-14 text-center">
        <h2 id="cta-heading" className="max-w-2xl text-3xl font-bold md:text-4xl">
          {t('Ready to build the AI systems companies are hiring for?')}
        </h2>
        <p className="max-w-xl text-muted">
          {t('Start with a free lesson today. Upgrade when you are sure, with a 12-hour money-back guarantee.')}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {session.status !== 'authenticated' && (
            <Button asChild size="lg">
              <Link to="/login">{t('Sign in and start free')}</Link>
            </Button>
          )}
          <Button asChild size="lg" variant={session.status === 'authenticated' ? 'primary' : 'outline'}>
            <Link to="/courses">{t('Browse all courses')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
