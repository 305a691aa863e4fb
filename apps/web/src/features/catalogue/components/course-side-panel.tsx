import type { CourseDetail } from '@kaushal/contract';
import { LifeBuoy, PlayCircle, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { accessTypeLabel, MONEY_BACK_GUARANTEE } from '@/lib/access-messages';
import { assetUrl } from '@/lib/api-client';
import { formatPrice, formatRupees } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { isPricingVisible } from '../lib/course-access';
import type { Offer } from '../lib/course-offer';
import { EnrollmentStatus } from './enrollment-status';
import { PricingTierList } from './pricing-tier-list';

export interface CourseSidePanelProps {
  course: CourseDetail;
  /** What the pay button sells now (lib/course-offer), shown as the headline price; null when nothing is for sale. */
  offer: Offer | null;
  /**
   * The main control, supplied by the page: enroll or pay, or for an enrolled learner Start course / Continue.
   * With the headline price it forms a bar fixed along the bottom of the screen on phones (below 768 px).
   */
  primaryAction: ReactNode;
  /** A further control in the panel itself, e.g. extending a running week beside Continue. */
  secondaryAction?: ReactNode;
  selectedTierId: string | null;
  onSelectTier: (tierId: string) => void;
  onStartFreeLesson: () => void;
  /** The price an applied coupon leaves (rupees): the headline shows it, the offer's own price struck through. */
  discountedPrice?: number | null;
  /** The coupon control, under the pricing tiers (features/payments, supplied by the page). */
  coupon?: ReactNode;
}

/**
 * The side panel of a course page: thumbnail, the headline price and the main action, the free-lesson call to
 * action, enrollment status, pricing tiers (when the spec says they show), the money-back guarantee and help.
 * The headline price follows the selected tier, like the pay button (issue 15).
 */
export function CourseSidePanel({
  course,
  offer,
  primaryAction,
  secondaryAction,
  selectedTierId,
  onSelectTier,
  onStartFreeLesson,
  discountedPrice = null,
  coupon,
}: CourseSidePanelProps) {
  const showTiers = isPricingVisible(course) && course.pricingTiers.length > 0;
  const permanent = course.isEnrolled && course.enrollmentStatus?.status === 'permanent';
  const showPrice = !course.isEnrolled && (offer !== null || course.price === 0);
  return (
    <div className="space-y-5 rounded-2xl border border-border bg-surface p-5">
      <img
        src={assetUrl(course.thumbnailUrl)}
        alt=""
        width={640}
        height={360}
        className="aspect-video w-full rounded-xl bg-surface-2 object-cover"
      />

      {/* A phone keeps the price and the main action in view: the bar sits along the bottom of the screen (its
          height is kept clear at the end of the page, index.css); from 768 px it is part of the panel. */}
      <div
        data-course-action-bar=""
        className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-border bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.25)] md:static md:z-auto md:flex-col md:items-stretch md:gap-4 md:border-0 md:p-0 md:shadow-none"
      >
        {showPrice && (
          <div className="shrink-0">
            <p className="text-xl font-extrabold md:text-3xl" data-testid="course-price">
              <span className="sr-only">{t('Price:')} </span>
              {offer && discountedPrice !== null ? (
                <>
                  {formatPrice(discountedPrice)}{' '}
                  <span className="text-sm font-semibold text-muted line-through md:text-lg">
                    <span className="sr-only">{t('instead of')} </span>
                    {formatRupees(offer.price)}
                  </span>
                </>
              ) : (
                formatPrice(offer?.price ?? course.price)
              )}
            </p>
            {offer && <p className="text-xs text-muted md:text-sm">{accessTypeLabel(offer.accessType)}</p>}
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col">{primaryAction}</div>
      </div>

      {(secondaryAction || !course.isEnrolled) && (
        <div className="flex flex-col gap-3">
          {secondaryAction}
          {!course.isEnrolled && (
            <Button variant="outline" size="lg" onClick={onStartFreeLesson}>
              <PlayCircle aria-hidden="true" />
              {t('Start Free Lesson')}
            </Button>
          )}
        </div>
      )}

      <EnrollmentStatus status={course.enrollmentStatus} isFree={course.price === 0} />

      {showTiers && (
        <PricingTierList
          tiers={course.pricingTiers}
          selectedTierId={selectedTierId}
          onSelectTier={onSelectTier}
          currentAccessType={permanent ? 'permanent' : null}
        />
      )}

      {coupon && <div className="flex flex-col">{coupon}</div>}

      {course.price > 0 && (
        <div className="flex gap-3 rounded-xl bg-surface-2 p-4 text-sm">
          <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
          <p>
            <span className="font-semibold">{t(MONEY_BACK_GUARANTEE)}</span>
            <span className="block text-muted">
              {t('Changed your mind? Ask for a refund within 12 hours of purchase.')}{' '}
              <Link to="/refund-policy" className="text-accent underline underline-offset-4 hover:no-underline">
                {t('Refund policy')}
              </Link>
            </span>
          </p>
        </div>
      )}

      <p className="flex items-center gap-2 text-sm text-muted">
        <LifeBuoy className="size-4 shrink-0" aria-hidden="true" />
        <span>
          {t('Questions about this course?')}{' '}
          <Link to="/contact-us" className="font-medium text-accent underline underline-offset-4 hover:no-underline">
            {t('Contact us for help')}
          </Link>
        </span>
      </p>
    </div>
  );
}
