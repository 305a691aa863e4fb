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
        <AccountStatsCard />
      </div>
    </div>
  );
}
