import { useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { billingProfileQuery } from '../api/billing-profile';
import { BillingDetailsDialog } from './billing-details-dialog';

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

  return (
    <div className="flex items-start gap-2 text-sm text-muted">
      <ReceiptText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        {profile ? (
          <>
            GST invoice to <span className="text-fg">{profile.name}</span>, {profile.stateName}
            {profile.gstin && <> (GSTIN {profile.gstin})</>}.{' '}
          </>
        ) : (
          'Need a GST invoice in your or your company’s name? '
        )}
        <BillingDetailsDialog
          open={editing}
          onOpenChange={setEditing}
          trigger={
            <Button variant="link" size="sm" className="h-auto px-0 align-baseline">
              {profile ? 'Change billing details' : 'Add billing details'}
            </Button>
          }
          profile={profile}
          accountName={session.user.name}
          submitLabel="Save"
          onSaved={() => setEditing(false)}
        />
      </p>
    </div>
  );
}
