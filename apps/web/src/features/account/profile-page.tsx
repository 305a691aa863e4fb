import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { useSignedInUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { AccountStatsCard } from './components/account-stats-card';
import { PersonalInformationCard } from './components/personal-information-card';

export function ProfilePage() {
  usePageTitle('Profile');
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 md:px-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">Profile</h1>
        <p className="text-muted">Your personal information and account.</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <PersonalInformationCard user={user} />
        <div className="space-y-6">
          <AccountStatsCard />
          <Card role="region" aria-labelledby="purchases-title" className="space-y-3">
            <CardTitle id="purchases-title">Purchases</CardTitle>
            <p className="text-sm text-muted">Your orders, invoices, refunds and billing details.</p>
            <Button asChild variant="outline" className="w-full">
              <Link to="/purchases">
                <Receipt aria-hidden="true" />
                Purchase history
              </Link>
            </Button>
          </Card>
        </div>
      </div>
    </div>
  );
}
