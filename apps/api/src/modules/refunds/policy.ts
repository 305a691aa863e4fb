import type { RefundEligibility } from '@kaushal/contract';

/** The refund policy (spec section 9): the two windows and the completion each allows. */
export const REFUND_POLICY = {
  instant: { hours: 12, completionPercent: 20 },
  request: { hours: 48, completionPercent: 25 },
} as const;

export interface EligibilityFacts {
  status: 'created' | 'paid' | 'failed' | 'refunded';
  amountPaise: number;
  refundedPaise: number;
  paidAt: Date | null;
  now: Date;
  completionPercent: number;
  /** The order's open refund or request, if any. */
  open: 'requested' | 'pending' | null;
  /** A cancellation request support declined: the learner does not ask twice. */
  rejected: boolean;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

const hoursText = (hours: number) => (hours < 1 ? 'less than an hour' : `${round1(hours)} hours`);

/**
 * What the policy allows for one order now, with the figures it decided on. Null for an order that was never
 * paid (nothing to refund). Within 12 hours and under 20%: refund at once; within 48 hours and under 25%: a
 * request support decides; otherwise nothing, and the reason says why with the learner's own figures.
 */
export function refundEligibility(f: EligibilityFacts): RefundEligibility | null {
  if (f.status !== 'paid' && f.status !== 'refunded') return null;
  // Decided on the exact figures (11.96 hours is within 12); shown to one decimal.
  const hours = Math.max(0, f.now.getTime() - (f.paidAt ?? f.now).getTime()) / 3_600_000;
  const hoursSincePayment = round1(hours);
  const completionPercent = round1(f.completionPercent);
  const none = (reason: string): RefundEligibility => ({
    action: 'none',
    reason,
    hoursSincePayment,
    completionPercent,
  });
  if (f.status === 'refunded') return none('This order has been refunded.');
  if (f.amountPaise === 0) return none('Nothing was paid for this order (a coupon made it free).');
  if (f.open === 'pending') return none('A refund of this order is in progress.');
  if (f.open === 'requested') return none('Your cancellation request is with our support team.');
  if (f.refundedPaise > 0) return none('Part of this order was refunded already. Write to support about the rest.');
  if (f.rejected) return none('Your cancellation request for this order was declined.');

  const { instant, request } = REFUND_POLICY;
  if (hours < instant.hours && f.completionPercent < instant.completionPercent) {
    return {
      action: 'refund',
      reason: `You paid ${hoursText(hoursSincePayment)} ago and have completed ${completionPercent}% of the course, so you can get a full refund now.`,
      hoursSincePayment,
      completionPercent,
    };
  }
  if (hours < request.hours && f.completionPercent < request.completionPercent) {
    return {
      action: 'request',
      reason: `You paid ${hoursText(hoursSincePayment)} ago and have completed ${completionPercent}% of the course: refunds at once end at 12 hours and 20%, but a cancellation within 48 hours and under 25% may be considered by our support team.`,
      hoursSincePayment,
      completionPercent,
    };
  }
  return none(
    `Refunds are accepted within 12 hours of payment and under 20% completion, and cancellations may be considered within 48 hours and under 25%. You paid ${hoursText(hoursSincePayment)} ago and have completed ${completionPercent}% of the course.`,
  );
}
