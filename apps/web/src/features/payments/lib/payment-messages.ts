import type { ToastMessage } from '@/components/ui/toast-store';
import { msg } from '@/lib/i18n/i18n';

type Message = Omit<ToastMessage, 'id'>;

/** The spec's texts for enrolling and paying (section 8), verbatim; the sign-in message is in lib/access-messages. */
export const PAYMENT_MESSAGES = {
  enrollFailed: {
    title: msg('Error'),
    description: msg('Failed to enroll. Please try again.'),
    variant: 'destructive',
  },
  orderFailed: {
    title: msg('Error'),
    description: msg('Failed to create payment order. Please try again.'),
    variant: 'destructive',
  },
  verificationFailed: {
    title: msg('Payment verification failed'),
    description: msg('Please contact support if amount was deducted.'),
    variant: 'destructive',
  },
  paymentSucceeded: {
    title: msg('Payment successful!'),
    description: msg('You have been enrolled in the course.'),
    variant: 'success',
  },
  /** Not in the spec's catalogue: the free path's counterpart of 'Payment successful!' (issue 15). */
  enrolled: {
    title: msg("You're enrolled!"),
    description: msg('Every lesson of this course is open to you.'),
    variant: 'success',
  },
} satisfies Record<string, Message>;

/** The checkout reported a declined or failed payment (not in the spec's catalogue; the provider's reason). */
export function paymentFailedMessage(reason: string | undefined): Message {
  return {
    title: msg('Payment failed'),
    description: reason?.trim() || msg('Your payment could not be completed. Please try again.'),
    variant: 'destructive',
  };
}

/** Spec section 9: the payment result page shows 'Processing your payment...' this long. */
export const PAYMENT_RESULT_DELAY_MS = 2000;
