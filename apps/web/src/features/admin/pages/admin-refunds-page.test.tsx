import type { AdminRefund } from '@kaushal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderConsolePage, stubConsoleApi, supportMe } from '../testing';
import { AdminRefundsPage } from './admin-refunds-page';

const REFUND_ID = '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const DECISION = `POST /admin/refunds/${REFUND_ID}/decision`;

const request: AdminRefund = {
  id: REFUND_ID,
  kind: 'request',
  status: 'requested',
  amount: 499_900,
  reason: 'The course is too advanced for me.',
  decisionReason: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  processedAt: null,
  order: {
    orderId: 'order_Pq1',
    paymentId: 'pay_Zx9',
    status: 'paid',
    amount: 499_900,
    refundedAmount: 0,
    courseId: 'agents-in-production',
    courseTitle: 'Agents in Production',
    tierTitle: null,
    couponCode: null,
    learner: { id: 'u2', name: 'Ravi Kumar', email: 'ravi@example.com' },
    createdAt: '2026-11-24T08:00:00.000Z',
    paidAt: '2026-11-24T08:01:00.000Z',
  },
  eligibility: {
    action: 'request',
    reason: 'Within 48 hours and under 25% watched.',
    hoursSincePayment: 30.5,
    completionPercent: 12.4,
  },
};

/** The queue answers `queue` until a decision is made, then nothing (the request left it). */
function stub(decide: Parameters<typeof stubConsoleApi>[0][string]) {
  let decided = false;
  return stubConsoleApi({
    'GET /admin/refunds': ({ query }) =>
      json(200, { refunds: query.get('status') === 'requested' && !decided ? [request] : [] }),
    [DECISION]: async (call) => {
      decided = true;
      return decide(call);
    },
  });
}

const renderPage = (path = '/admin/refunds', me = supportMe) =>
  renderConsolePage(<AdminRefundsPage />, { route: 'refunds', path, me });

const requestItem = () => screen.findByRole('article', { name: '₹4,999 for Agents in Production' });

describe('Refunds', () => {
  it('opens on the queue of requests with who, what, why and the policy figures', async () => {
    const api = stub(() => json(500, {}));
    renderPage();
    const item = await requestItem();
    expect(api.calls[0]?.query.get('status')).toBe('requested');
    expect(screen.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true');
    expect(item).toHaveTextContent('Ravi Kumar');
    expect(item).toHaveTextContent('ravi@example.com');
    expect(within(item).getByRole('link', { name: 'order_Pq1' })).toHaveAttribute('href', '/admin/orders/order_Pq1');
    expect(item).toHaveTextContent('The course is too advanced for me.');
    expect(item).toHaveTextContent('30.5 hours since payment');
    expect(item).toHaveTextContent('12.4% watched');
    expect(item).toHaveTextContent('Cancellation request');
  });

  it('approves a request after confirming, and says what came of it', async () => {
    const api = stub(() => json(200, { ...request, status: 'processed', processedAt: '2026-11-25T10:00:00.000Z' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: /^Approve refund/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve the refund of ₹4,999?' });
    expect(dialog).toHaveTextContent('goes back to Ravi Kumar (ravi@example.com) through Razorpay');
    await user.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    expect(await screen.findByText('Refunded ₹4,999. The learner is emailed a credit note.')).toBeInTheDocument();
    expect(api.sent(DECISION)).toEqual([{ decision: 'approve' }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No cancellation requests are waiting.')).toBeInTheDocument();
  });

  it('rejects a request only with a reason, which it sends for the learner', async () => {
    const api = stub(() => json(200, { ...request, status: 'rejected', decisionReason: 'Past the window.' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the cancellation request?' });
    const reason = within(dialog).getByLabelText(/^Reason for the learner/);
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(reason).toHaveAccessibleDescription(/Tell the learner why\./);
    expect(reason).toHaveFocus();
    expect(api.sent(DECISION)).toEqual([]);

    await user.type(reason, '  You have watched most of the course.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText('Request rejected. Ravi Kumar is emailed your reason.')).toBeInTheDocument();
    expect(api.sent(DECISION)).toEqual([{ decision: 'reject', reason: 'You have watched most of the course.' }]);
  });

  it('explains that a refund Razorpay did not answer is pending, not failed', async () => {
    stub(() =>
      json(503, {
        code: 'refund_pending',
        detail:
          'The payment provider did not answer in time (timeout). The refund is pending and settles when the provider confirms it; do not refund again.',
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: /^Approve refund/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The refund is pending and settles when the provider confirms it; do not refund again.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows a refusal in the dialog', async () => {
    stub(() =>
      json(409, {
        code: 'refund_already_decided',
        detail: 'This request has been decided already. Reload to see its state.',
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await requestItem()).getByRole('button', { name: /^Approve refund/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This request has been decided already.');
  });

  it('lists the other statuses on their tabs, from the URL too', async () => {
    const api = stub(() => json(500, {}));
    renderPage('/admin/refunds?status=failed');
    expect(await screen.findByText('No refund has failed.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Processed' }));
    expect(await screen.findByText('No refunds processed yet.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.query.get('status'))).toEqual(['failed', 'processed']);
  });
});
