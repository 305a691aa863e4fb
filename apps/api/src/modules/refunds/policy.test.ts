import { describe, expect, it } from 'vitest';
import { refundEligibility } from './policy.ts';

const paidAt = new Date('2026-11-25T10:00:00Z');
const facts = (hours: number, completionPercent: number) => ({
  status: 'paid' as const,
  amountPaise: 299_900,
  refundedPaise: 0,
  paidAt,
  now: new Date(paidAt.getTime() + hours * 3_600_000),
  completionPercent,
  open: null,
  rejected: false,
});

describe('the refund policy', () => {
  it('decides on the exact figures at each boundary and shows them to one decimal', () => {
    expect(refundEligibility(facts(11.96, 19.96))).toMatchObject({
      action: 'refund',
      hoursSincePayment: 12,
      completionPercent: 20,
    });
    expect(refundEligibility(facts(12, 5))?.action).toBe('request');
    expect(refundEligibility(facts(1, 20))?.action).toBe('request');
    expect(refundEligibility(facts(47.99, 24.99))?.action).toBe('request');
    expect(refundEligibility(facts(48, 0))?.action).toBe('none');
    expect(refundEligibility(facts(2, 25))?.action).toBe('none');
  });

  it('offers nothing for an unpaid, free, refunded, partly refunded or already asked order', () => {
    expect(refundEligibility({ ...facts(1, 0), status: 'created' })).toBeNull();
    expect(refundEligibility({ ...facts(1, 0), amountPaise: 0 })?.action).toBe('none');
    expect(refundEligibility({ ...facts(1, 0), status: 'refunded' })?.action).toBe('none');
    expect(refundEligibility({ ...facts(1, 0), refundedPaise: 100 })?.action).toBe('none');
    expect(refundEligibility({ ...facts(1, 0), open: 'pending' })?.reason).toBe(
      'A refund of this order is in progress.',
    );
    expect(refundEligibility({ ...facts(20, 0), rejected: true })?.action).toBe('none');
  });
});
