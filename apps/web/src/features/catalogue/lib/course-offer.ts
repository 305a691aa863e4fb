import type { AccessType, CourseDetail } from '@kaushal/contract';
import { accessTypeLabel } from '@/lib/access-messages';
import { formatRupees } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { isPricingVisible } from './course-access';

/** What the course page's pay button sells right now, and what its headline price says (issue 15). */
export interface Offer {
  /** The pricing tier, or null for the course's own price, which the server sells as lifetime access (decision 003). */
  tierId: string | null;
  /** Rupees. */
  price: number;
  accessType: AccessType;
}

type OfferCourse = Pick<
  CourseDetail,
  'price' | 'pricingTiers' | 'isEnrolled' | 'enrollmentStatus' | 'showPricing' | 'hasCompletedFreeLesson'
>;

/**
 * The selected tier while the tiers show (spec section 4); before they do, the course itself for good at its
 * own price. Null where nothing is for sale: a free course, or lifetime access already held. The headline price
 * and the button both read this, so they cannot disagree with what checkout charges.
 */
export function currentOffer(course: OfferCourse, selectedTierId: string | null): Offer | null {
  if (course.price === 0) return null;
  if (course.isEnrolled && course.enrollmentStatus?.status === 'permanent') return null;
  if (isPricingVisible(course) && course.pricingTiers.length > 0) {
    const tier = course.pricingTiers.find((t) => t.id === selectedTierId);
    return tier ? { tierId: tier.id, price: tier.price, accessType: tier.accessType } : null;
  }
  return { tierId: null, price: course.price, accessType: 'permanent' };
}

/**
 * The pay button's words: what it charges and what for. A running week is extended (or upgraded to lifetime
 * access), an expired one renewed (decision 007's words, now with the amount).
 */
export function payLabel(offer: Offer, course: Pick<CourseDetail, 'isEnrolled' | 'enrollmentStatus'>): string {
  const amount = formatRupees(offer.price);
  if (course.isEnrolled) {
    return offer.accessType === 'permanent'
      ? t('Upgrade to Lifetime Access · {amount}', { amount })
      : t('Extend Access · {amount} for 7 more days', { amount });
  }
  if (course.enrollmentStatus?.status === 'expired' && offer.accessType === 'weekly') {
    return t('Renew Access · {amount} for 7 days', { amount });
  }
  return t('Pay {amount} · {access}', { amount, access: accessTypeLabel(offer.accessType) });
}
