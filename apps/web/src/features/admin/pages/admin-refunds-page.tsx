import type { AdminRefund, RefundStatus } from '@kaushal/contract';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminRefunds } from '../api/admin-refunds';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { OutcomeNotice } from '../components/outcome-notice';
import { ApproveRefundDialog, RejectRefundDialog } from '../components/refund-decision-dialogs';
import { RefundItem } from '../components/refund-item';
import { RoleGate } from '../components/role-gate';
import { errorMessage } from '../lib/form-errors';
import { type Outcome, REFUND_STATUSES } from '../lib/refunds';
import { choiceParam, withParams } from '../lib/search-params';

/** The tabs in the order support works through them: the queue first. */
const TABS: readonly RefundStatus[] = ['requested', 'pending', 'processed', 'failed', 'rejected'];

const EMPTY: Record<RefundStatus, string> = {
  requested: 'No cancellation requests are waiting.',
  pending: 'No refund is waiting for Razorpay.',
  processed: 'No refunds processed yet.',
  failed: 'No refund has failed.',
  rejected: 'No request has been rejected.',
};

const tabClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent data-[state=active]:bg-accent/15 data-[state=active]:text-accent [.light_&]:data-[state=active]:text-[#00506a]';

/** Refunds (support, admin): the queue of cancellation requests to decide, and every refund by status. */
export function AdminRefundsPage() {
  usePageTitle('Console: Refunds');
  return (
    <RoleGate roles={['admin', 'support']} title="Refunds">
      <Refunds />
    </RoleGate>
  );
}

function Refunds() {
  const [params, setParams] = useSearchParams();
  const status = choiceParam(params, 'status', TABS) ?? 'requested';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [approving, setApproving] = useState<AdminRefund | null>(null);
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null);

  return (
    <section aria-labelledby="refunds-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="refunds-title" className="text-2xl font-bold">
          Refunds
        </h2>
        <p className="text-sm text-muted">
          Learners ask to cancel within 48 hours of paying and under 25% watched; within 12 hours and under 20% they
          refund themselves. Approving refunds the whole amount through Razorpay; rejecting emails the learner your
          reason.
        </p>
        <OutcomeNotice outcome={outcome} />
      </div>
      <Tabs.Root
        value={status}
        onValueChange={(next) => {
          setOutcome(null);
          setParams(withParams(params, { status: next === 'requested' ? undefined : next }));
        }}
      >
        <Tabs.List aria-label="Refunds by status" className="-mx-1 mb-4 flex gap-1 overflow-x-auto px-1 pb-1">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={tabClass}>
              {REFUND_STATUSES[tab].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={status} className="focus-visible:outline-2 focus-visible:outline-accent">
          <RefundList status={status} onApprove={setApproving} onReject={setRejecting} />
        </Tabs.Content>
      </Tabs.Root>
      <ApproveRefundDialog refund={approving} onClose={() => setApproving(null)} onOutcome={setOutcome} />
      <RejectRefundDialog refund={rejecting} onClose={() => setRejecting(null)} onOutcome={setOutcome} />
    </section>
  );
}

function RefundList({
  status,
  onApprove,
  onReject,
}: {
  status: RefundStatus;
  onApprove: (refund: AdminRefund) => void;
  onReject: (refund: AdminRefund) => void;
}) {
  const refunds = useAdminRefunds(status);
  if (refunds.isError && !refunds.data) {
    return <ErrorAlert onRetry={() => refunds.refetch()}>{errorMessage(refunds.error)}</ErrorAlert>;
  }
  if (!refunds.data) return <ConsoleStatus>Loading refunds…</ConsoleStatus>;
  if (refunds.data.refunds.length === 0) {
    return <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">{EMPTY[status]}</p>;
  }
  return (
    <ul
      aria-label={`${REFUND_STATUSES[status].label} refunds, newest first`}
      aria-busy={refunds.isPlaceholderData}
      className="space-y-4 transition-opacity aria-busy:opacity-60"
    >
      {refunds.data.refunds.map((refund) => (
        <li key={refund.id}>
          <RefundItem refund={refund} onApprove={onApprove} onReject={onReject} />
        </li>
      ))}
    </ul>
  );
}
