import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { useSignedInUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { myCertificatesQuery } from './api/certificates-query';
import { dashboardQuery } from './api/dashboard-query';
import { AchievementsList } from './components/achievements-list';
import { DashboardSkeleton } from './components/dashboard-skeleton';
import { MetricCards } from './components/metric-cards';
import { MyCertificates } from './components/my-certificates';
import { MyCourses } from './components/my-courses';
import { SampleDataNotice } from './components/sample-data-notice';
import { SAMPLE_DASHBOARD } from './lib/sample-dashboard';

/**
 * The learner's home: welcome, the four metrics, My Courses and Achievements, from their own data. When it
 * cannot be loaded, sample data stands in (spec), marked as such, with Retry.
 */
export function DashboardPage() {
  usePageTitle(t('Dashboard'));
  const user = useSignedInUser();
  const query = useQuery(dashboardQuery(user.id));
  const certificates = useQuery(myCertificatesQuery(user.id));
  const sample = !query.data && query.isError;
  const dashboard = query.data ?? (sample ? SAMPLE_DASHBOARD : undefined);

  return (
    <div className="space-y-8 px-4 py-8 md:px-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-3xl font-bold break-words">{t('Welcome back, {name}!', { name: user.name })}</h1>
          <p className="text-muted">{t('Pick up where you left off and keep building your AI engineering skills.')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/purchases">
            <Receipt aria-hidden="true" />
            {t('Purchase history')}
          </Link>
        </Button>
      </header>
      {sample && <SampleDataNotice onRetry={() => query.refetch()} retrying={query.isFetching} />}
      {dashboard ? (
        <>
          <MetricCards metrics={dashboard.metrics} />
          <MyCourses enrollments={dashboard.enrollments} sample={sample} />
          {certificates.data && <MyCertificates certificates={certificates.data} />}
          <AchievementsList achievements={dashboard.achievements} />
        </>
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}
