import type { Purchase } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { useSignedInUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { purchasesQuery } from './api/purchases';
import { BillingDetailsCard } from './components/billing-details-card';
import { PurchaseCard } from './components/purchase-card';

/** Newest first, whatever order the list came in. */
const newestFirst = (purchases: readonly Purchase[]) =>
  [...purchases].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/**
 * /purchases (signed in): every order with its invoice, credit notes and refunds, and the refund or
 * cancellation the policy allows now; and the billing details invoices carry. Drawn in the browser only,
 * like the other signed-in pages.
 */
export function PurchasesPage() {
  usePageTitle(t('Purchase history'));
  const user = useSignedInUser();
  const query = useQuery(purchasesQuery());

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 md:px-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t('Purchase history')}</h1>
        <p className="text-muted">{t('Your orders, invoices and refunds.')}</p>
      </header>

      <BillingDetailsCard accountName={user.name} />

      <section aria-labelledby="orders-title" className="space-y-4">
        <h2 id="orders-title" className="text-lg font-semibold">
          {t('Orders')}
        </h2>
        {query.isPending ? (
          <PurchasesSkeleton />
        ) : query.isError ? (
          <div role="alert" className="space-y-3 rounded-2xl border border-border bg-surface p-5">
            <p>{t('Your purchases could not be loaded.')}</p>
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? t('Retrying…') : t('Retry')}
            </Button>
          </div>
        ) : query.data.purchases.length === 0 ? (
          <div className="space-y-3 rounded-2xl border border-border bg-surface p-6 text-center">
            <p className="text-lg font-medium">{t('No purchases yet.')}</p>
            <Button asChild>
              <Link to="/courses">{t('Browse courses')}</Link>
            </Button>
          </div>
        ) : (
          <ul className="space-y-4">
            {newestFirst(query.data.purchases).map((purchase) => (
              <li key={purchase.orderId}>
                <PurchaseCard purchase={purchase} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PurchasesSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <span className="sr-only" role="status">
        {t('Loading your purchases…')}
      </span>
      {Array.from({ length: 2 }, (_, i) => (
        <Skeleton key={i} className="h-48 rounded-2xl" />
      ))}
    </div>
  );
}
