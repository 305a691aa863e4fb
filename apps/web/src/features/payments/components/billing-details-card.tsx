import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { msg, t } from '@/lib/i18n/i18n';
import { billingProfileQuery } from '../api/billing-profile';
import { BillingDetailsDialog } from './billing-details-dialog';

/** The billing details every invoice carries a copy of, with Edit. */
export function BillingDetailsCard({ accountName }: { accountName: string }) {
  const query = useQuery(billingProfileQuery());
  const [editing, setEditing] = useState(false);
  const profile = query.data?.profile ?? null;

  return (
    <Card role="region" aria-labelledby="billing-details-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="billing-details-title">{t('Billing details')}</CardTitle>
        {query.isSuccess && (
          <BillingDetailsDialog
            open={editing}
            onOpenChange={setEditing}
            trigger={
              <Button variant="outline" size="sm">
                <Pencil aria-hidden="true" />
                {profile ? t('Edit') : t('Add billing details')}
              </Button>
            }
            profile={profile}
            accountName={accountName}
            submitLabel={t('Save')}
            onSaved={() => {
              setEditing(false);
              toast({
                title: msg('Billing details saved'),
                description: msg('Your next invoices carry them; invoices already issued stay as they were.'),
                variant: 'success',
              });
            }}
          />
        )}
      </div>
      {query.isPending ? (
        <Skeleton className="h-20" />
      ) : query.isError ? (
        <p className="text-sm text-muted">
          {t('Your billing details could not be loaded.')}{' '}
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void query.refetch()}>
            {t('Retry')}
          </Button>
        </p>
      ) : profile ? (
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Detail term={t('Name on the invoice')} value={profile.name} />
          <Detail term={t('State or union territory')} value={profile.stateName} />
          <Detail term="GSTIN" value={profile.gstin ?? t('Not given')} mono={profile.gstin !== null} />
          <Detail term={t('Address')} value={profile.address ?? t('Not given')} />
        </dl>
      ) : (
        <p className="text-sm text-muted">
          {t(
            "None yet: your invoices carry your account's name. Add them to have invoices made out to you or your company, with your state and GSTIN.",
          )}
        </p>
      )}
    </Card>
  );
}

function Detail({ term, value, mono = false }: { term: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{term}</dt>
      <dd className={mono ? 'font-mono break-all' : 'break-words whitespace-pre-line'}>{value}</dd>
    </div>
  );
}
