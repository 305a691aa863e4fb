import { Check, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSignInGate } from '@/features/auth';
import { t } from '@/lib/i18n/i18n';
import { useEnrollInCourse } from '../api/enroll';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';

export interface EnrollButtonProps extends Pick<ButtonProps, 'className' | 'size' | 'variant'> {
  courseId: string;
  /** From the course data: the learner already has access. */
  enrolled?: boolean;
}

/**
 * 'Enroll for Free' on a course priced 0 (spec section 4). Signed out, it asks the learner to sign in and
 * comes back here afterwards; signed in, it enrolls, says so ("You're enrolled!") and refreshes the course,
 * then reads 'Enrolled' (the course page then offers Start course in its place).
 */
export function EnrollButton({ courseId, enrolled = false, ...buttonProps }: EnrollButtonProps) {
  const { isSignedIn, sendToSignIn } = useSignInGate();
  const enroll = useEnrollInCourse(courseId);
  const [checking, setChecking] = useState(false);

  const onClick = async () => {
    setChecking(true);
    const signedIn = await isSignedIn();
    setChecking(false);
    if (!signedIn) {
      sendToSignIn('enroll');
      return;
    }
    enroll.mutate(undefined, { onError: () => toast(PAYMENT_MESSAGES.enrollFailed) });
  };

  const busy = checking || enroll.isPending;
  const done = enrolled || enroll.isSuccess;
  return (
    <Button
      size="lg"
      {...buttonProps}
      onClick={() => void onClick()}
      disabled={busy || done}
      aria-busy={busy || undefined}
      data-state={done ? 'enrolled' : busy ? 'loading' : 'idle'}
    >
      {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
      {done && <Check aria-hidden="true" />}
      {done ? t('Enrolled') : busy ? t('Enrolling...') : t('Enroll for Free')}
    </Button>
  );
}
