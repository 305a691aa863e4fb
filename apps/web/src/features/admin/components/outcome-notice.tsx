import { CircleCheck, Hourglass } from 'lucide-react';
import type { Outcome } from '../lib/refunds';

/**
 * A console page's last outcome, placed in the page's header block. The status region is always on the page
 * (empty, it takes no room), so what is put in it is read out; a pending refund is an alert, since staff must
 * not take it for done.
 */
export function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <div role="status">
        {outcome?.kind === 'done' && (
          <p className="mt-3 flex items-start gap-2 rounded-xl border border-success/50 bg-success/10 p-4 text-sm">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success [.light_&]:text-[#0a5c2e]" aria-hidden="true" />
            {outcome.text}
          </p>
        )}
      </div>
      {outcome?.kind === 'pending' && (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-xl border border-accent/60 bg-accent/10 p-4 text-sm"
        >
          <Hourglass className="mt-0.5 size-4 shrink-0 text-accent [.light_&]:text-[#00506a]" aria-hidden="true" />
          {outcome.text}
        </p>
      )}
    </>
  );
}
