import type { CourseDetail } from '@kaushal/contract';
import { Button } from '@/components/ui/button';

export interface EnrollCallToActionProps {
  course: Pick<CourseDetail, 'price' | 'isEnrolled'>;
  onClick: () => void;
  disabled?: boolean;
}

/** 'Enroll for Free' for a free course (spec section 4), 'Enroll Now' for a paid one; nothing once enrolled. */
export function EnrollCallToAction({ course, onClick, disabled }: EnrollCallToActionProps) {
  if (course.isEnrolled) return null;
  return (
    <Button size="lg" onClick={onClick} disabled={disabled}>
      {course.price === 0 ? 'Enroll for Free' : 'Enroll Now'}
    </Button>
  );
}
