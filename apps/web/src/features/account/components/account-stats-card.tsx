import { Card, CardTitle } from '@/components/ui/card';

/** The spec's fixed account facts, as labelled pairs. */
const STATS = [
  { label: 'Member since', value: 'January 2024' },
  { label: 'Email', value: 'Verified' },
  { label: 'Last login', value: 'Today' },
] as const;

export function AccountStatsCard() {
  return (
    <Card role="region" aria-labelledby="account-stats-title" className="space-y-4">
      <CardTitle id="account-stats-title">Account Stats</CardTitle>
      <dl className="divide-y divide-border">
        {STATS.map(({ label, value }) => (
          <div key={label} className="flex items-center justify-between gap-4 py-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-sm font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
