import { useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { useSession } from '@/lib/session';
import { billingProfileQuery } from '../api/billing-profile';

// The dialog (its form, checked with the contract's schemas, and Radix Dialog) loads when the line shows, for a
// signed-in learner: a visitor's course page does not download it (decision 036).
const BillingDetailsDialog = lazy(() =>
  import('./billing-details-dialog').then((m) => ({ default: m.BillingDetailsDialog })),
);

/**
 * Beside the pay button, for a signed-in learner: whom the GST invoice of this purchase will be made out to,
 * with a button to add or change it. Never in the way of the checkout (the spec's Buy Now opens it at once):
 * without details the invoice carries the account's name and the supplier's state, the law's default for a
 * buyer without a GSTIN (decision 024).
 */
export function BillingDetailsLine() {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const query = useQuery({ ...billingProfileQuery(), enabled: signedIn });
  const [editing, setEditing] = useState(false);
  if (!signedIn || !query.isSuccess) return null;
  const profile = query.data.profile;
  const label = profile ? t('Change billing details') : t('Add billing details');
  const trigger = (
    <Button variant="link" size="sm" className="h-auto px-0 align-baseline">
      {label}
    </Button>
  );

  return (
    <div className="flex items-start gap-2 text-sm text-muted">
      <ReceiptText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        {profile ? (
          <>
            {tRich(
              profile.gstin ? 'GST invoice to {name}, {state} (GSTIN {gstin}).' : 'GST invoice to {name}, {state}.',
              {
                name: <span className="text-fg">{profile.name}</span>,
                state: profile.stateName,
                gstin: profile.gstin,
              },
            )}{' '}
          </>
        ) : (
          `${t('Need a GST invoice in your or your company’s name?')} `
        )}
        {/* The same button while the dialog's code arrives, so nothing moves; a click then opens it once loaded. */}
        <Suspense
          fallback={
            <Button variant="link" size="sm" className="h-auto px-0 align-baseline" onClick={() => setEditing(true)}>
              {label}
            </Button>
          }
        >
          <BillingDetailsDialog
            open={editing}
            onOpenChange={setEditing}
            trigger={trigger}
            profile={profile}
            accountName={session.user.name}
            submitLabel={t('Save')}
            onSaved={() => setEditing(false)}
          />
        </Suspense>
      </p>
    </div>
  );
}
