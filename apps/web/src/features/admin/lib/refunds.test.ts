import type { Refund } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { orderTimeline, pendingOutcome, refundBlocker } from './refunds';

const refund = (status: Refund['status'], kind: Refund['kind'] = 'staff'): Refund => ({
  id: 'r1',
  kind,
  status,
  amount: 100_000,
  reason: null,
  decisionReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  processedAt: status === 'processed' ? '2026-11-25T10:01:00.000Z' : null,
});

const order = { status: 'paid' as const, amount: 399_900, refundedAmount: 0, refunds: [] as Refund[] };

describe('refundBlocker', () => {
  it('lets staff refund a paid order with something left and nothing open', () => {
    expect(refundBlocker(order)).toBeNull();
    expect(refundBlocker({ ...order, refunds: [refund('failed'), refund('rejected', 'request')] })).toBeNull();
  });

  it.each([
    [{ status: 'refunded' as const }, /refunded in full/],
    [{ status: 'created' as const }, /Only a paid order/],
    [{ amount: 0 }, /Nothing was paid/],
    [{ refundedAmount: 399_850 }, /Nothing is left/],
    [{ refunds: [refund('pending')] }, /in progress/],
    [{ refunds: [refund('requested', 'request')] }, /decide their request in Refunds/],
  ])('refuses %j', (change, reason) => {
    expect(refundBlocker({ ...order, ...change })?.reason).toMatch(reason);
  });
});

describe('orderTimeline', () => {
  it('puts the order, its payment and its refunds in time order', () => {
    const events = orderTimeline({
      createdAt: '2026-11-24T08:00:00.000Z',
      paidAt: '2026-11-24T08:01:00.000Z',
      refunds: [refund('processed'), { ...refund('rejected', 'request'), createdAt: '2026-11-24T09:00:00.000Z' }],
    });
    expect(events.map((event) => event.text)).toEqual([
      'Order created',
      'Paid',
      'Cancellation asked (₹1,000)',
      'Refund of ₹1,000 started',
      'Refunded ₹1,000',
    ]);
  });
});

describe('pendingOutcome', () => {
  it('treats only a 503 as a pending refund', () => {
    expect(pendingOutcome(new ApiError(503, 'refund_pending', 'Pending.'))).toEqual({
      kind: 'pending',
      text: 'Pending.',
    });
    expect(pendingOutcome(new ApiError(409, 'refund_open', 'Open.'))).toBeNull();
  });
});
