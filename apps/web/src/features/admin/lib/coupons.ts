import type { AdminCoupon } from '@kaushal/contract';
import { formatWhen } from './dates';
import { formatCount } from './numbers';

export type CouponState = 'active' | 'scheduled' | 'ended' | 'used-up' | 'inactive';

export const COUPON_STATES: Record<CouponState, { label: string; tone: 'success' | 'accent' | 'muted' }> = {
  active: { label: 'Active', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'accent' },
  ended: { label: 'Ended', tone: 'muted' },
  'used-up': { label: 'Used up', tone: 'muted' },
  inactive: { label: 'Inactive', tone: 'muted' },
};

/** Whether learners can use the coupon now, and if not why: switched off, not started, ended, or at its cap. */
export function couponState(coupon: AdminCoupon, now = Date.now()): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.endsAt && Date.parse(coupon.endsAt) <= now) return 'ended';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'used-up';
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return 'scheduled';
  return 'active';
}

/** 'All courses', 'Agents in Production', '2 courses: A, B', '1 pricing tier of: A'. */
export function couponScopeLabel(coupon: AdminCoupon, courseTitle: (id: string) => string): string {
  if (coupon.scope === 'all') return 'All courses';
  const courses = coupon.courseIds.map(courseTitle).join(', ');
  if (coupon.scope === 'courses') {
    return coupon.courseIds.length === 1 ? courses : `${coupon.courseIds.length} courses: ${courses}`;
  }
  const tiers = `${coupon.tierIds.length} pricing ${coupon.tierIds.length === 1 ? 'tier' : 'tiers'}`;
  return courses ? `${tiers} of ${courses}` : `${tiers}: ${coupon.tierIds.join(', ')}`;
}

/** 'Always', 'From 1 Dec 2026, 9:00 am', 'Until …', '… to …'. */
export function couponWindowLabel(coupon: Pick<AdminCoupon, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = coupon;
  if (startsAt && endsAt) return `${formatWhen(startsAt)} to ${formatWhen(endsAt)}`;
  if (startsAt) return `From ${formatWhen(startsAt)}`;
  if (endsAt) return `Until ${formatWhen(endsAt)}`;
  return 'Always';
}

/** '3 / 10', '3 / no cap'. */
export const couponUsageLabel = (coupon: AdminCoupon) =>
  `${formatCount(coupon.redemptions)} / ${coupon.maxRedemptions === null ? 'no cap' : formatCount(coupon.maxRedemptions)}`;

/** '1', 'No cap'. */
export const perLearnerLabel = (coupon: AdminCoupon) =>
  coupon.perLearnerLimit === null ? 'No cap' : formatCount(coupon.perLearnerLimit);

/**
 * The link to share for a coupon scoped to one course: the course page applies ?coupon=CODE for the learner.
 * Null for a coupon of all courses or several (there is no one page to send learners to).
 */
export function couponShareLink(coupon: AdminCoupon, origin: string): string | null {
  const [courseId, ...others] = coupon.courseIds;
  if (coupon.scope === 'all' || !courseId || others.length > 0) return null;
  return `${origin}/course/${encodeURIComponent(courseId)}?coupon=${encodeURIComponent(coupon.code)}`;
}
