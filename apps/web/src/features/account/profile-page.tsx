import { Receipt } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { useSignedInUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { AccountStatsCard } from './components/account-stats-card';
import { PersonalInformationCard } from './components/personal-information-card';

export function ProfilePage() {
  usePageTitle(t('Profile'));
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 md:px-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t('Profile')}</h1>
        <p className="text-muted">{t('Your personal information and account.')}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <PersonalInformationCard user={user} />
        <div className="space-y-6">
          <AccountStatsCard />
          <Card role="region" aria-labelledby="purchases-title" className="space-y-3">
            <CardTitle id="purchases-title">{t('Purchases')}</CardTitle>
            <p className="text-sm text-muted">{t('Your orders, invoices, refunds and billing details.')}</p>
            <Button asChild variant="outline" className="w-full">
              <Link to="/purchases">
                <Receipt aria-hidden="true" />
                {t('Purchase history')}
              </Link>
            </Button>
          </Card>
        </div>
      </div>
    </div>
  );
}
