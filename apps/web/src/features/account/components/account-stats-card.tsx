import { Card, CardTitle } from '@/components/ui/card';
import { msg, t } from '@/lib/i18n/i18n';

/** The spec's fixed account facts, as labelled pairs. */
const STATS = [
  { label: msg('Member since'), value: msg('January 2024') },
  { label: msg('Email'), value: msg('Verified') },
  { label: msg('Last login'), value: msg('Today') },
] as const;

export function AccountStatsCard() {
  return (
    <Card role="region" aria-labelledby="account-stats-title" className="space-y-4">
      <CardTitle id="account-stats-title">{t('Account Stats')}</CardTitle>
      <dl className="divide-y divide-border">
        {STATS.map(({ label, value }) => (
          <div key={label} className="flex items-center justify-between gap-4 py-3">
            <dt className="text-sm text-muted">{t(label)}</dt>
            <dd className="text-sm font-semibold">{t(value)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
