import type { CourseDetail } from '@kaushal/contract';
import { LifeBuoy, PlayCircle, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { MONEY_BACK_GUARANTEE } from '@/lib/access-messages';
import { assetUrl } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { isPricingVisible } from '../lib/course-access';
import { EnrollmentStatus } from './enrollment-status';
import { PricingTierList } from './pricing-tier-list';

export interface CourseSidePanelProps {
  course: CourseDetail;
  /** The enroll or pay control, supplied by the page (the enrollment flow plugs in here). */
  enrollAction: ReactNode;
  selectedTierId: string | null;
  onSelectTier: (tierId: string) => void;
  onStartFreeLesson: () => void;
}

/**
 * The side panel of a course page: thumbnail, price, the enroll action, the free-lesson call to action,
 * enrollment status, pricing tiers (when the spec says they show), the money-back guarantee and help.
 */
export function CourseSidePanel({
  course,
  enrollAction,
  selectedTierId,
  onSelectTier,
  onStartFreeLesson,
}: CourseSidePanelProps) {
  const showTiers = isPricingVisible(course) && course.pricingTiers.length > 0;
  const permanent = course.isEnrolled && course.enrollmentStatus?.status === 'permanent';
  return (
    <div className="space-y-5 rounded-2xl border border-border bg-surface p-5">
      <img
        src={assetUrl(course.thumbnailUrl)}
        alt=""
        width={640}
        height={360}
        className="aspect-video w-full rounded-xl bg-surface-2 object-cover"
      />
      <p className="text-3xl font-extrabold" data-testid="course-price">
        <span className="sr-only">Price: </span>
        {formatPrice(course.price)}
      </p>

      <div className="flex flex-col gap-3">
        {enrollAction}
        {!course.isEnrolled && (
          <Button variant="outline" size="lg" onClick={onStartFreeLesson}>
            <PlayCircle aria-hidden="true" />
            Start Free Lesson
          </Button>
        )}
      </div>

      <EnrollmentStatus status={course.enrollmentStatus} isFree={course.price === 0} />

      {showTiers && (
        <PricingTierList
          tiers={course.pricingTiers}
          selectedTierId={selectedTierId}
          onSelectTier={onSelectTier}
          currentAccessType={permanent ? 'permanent' : null}
        />
      )}

      {course.price > 0 && (
        <div className="flex gap-3 rounded-xl bg-surface-2 p-4 text-sm">
          <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
          <p>
            <span className="font-semibold">{MONEY_BACK_GUARANTEE}</span>
            <span className="block text-muted">
              Changed your mind? Ask for a refund within 12 hours of purchase.{' '}
              <Link to="/refund-policy" className="text-accent underline underline-offset-4 hover:no-underline">
                Refund policy
              </Link>
            </span>
          </p>
        </div>
      )}

      <p className="flex items-center gap-2 text-sm text-muted">
        <LifeBuoy className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Questions about this course?{' '}
          <Link to="/contact-us" className="font-medium text-accent underline underline-offset-4 hover:no-underline">
            Contact us for help
          </Link>
        </span>
      </p>
    </div>
  );
}
