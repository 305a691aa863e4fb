import type { VerifyPaymentBody, VerifyPaymentResponse } from '@kaushal/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { isValidPaymentSignature } from '../../providers/payments/signatures.ts';
import { findOwnOrder, ORDER_NOT_FOUND } from './orders.ts';
import { type SettleDeps, settleOrder } from './settle.ts';

export const VERIFICATION_FAILED = 'Payment verification failed. Please contact support if amount was deducted.';

/**
 * The checkout's answer, checked: the order is the caller's, the signature is HMAC-SHA256(order|payment) under
 * our key secret (timing-safe), and only then is the order settled, once. Repeating a verified payment
 * answers success again without granting twice.
 */
export async function verifyPayment(
  deps: SettleDeps,
  provider: PaymentProvider,
  userId: string,
  body: VerifyPaymentBody,
  now: Date,
): Promise<VerifyPaymentResponse> {
  await findOwnOrder(deps.db, userId, body.razorpay_order_id);
  const genuine = isValidPaymentSignature(provider.keySecret, {
    orderId: body.razorpay_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!genuine) throw badRequest(VERIFICATION_FAILED, 'payment_verification_failed');

  const result = await settleOrder(deps, body.razorpay_order_id, body.razorpay_payment_id, now);
  switch (result.kind) {
    case 'granted':
    case 'already_settled':
      return { success: true, message: 'Payment verified. You are enrolled in the course.' };
    case 'refused':
      if (result.reason === 'payment_used_by_other_order') {
        throw conflict(
          'This payment was already used for another order. Please contact support.',
          'payment_already_used',
        );
      }
      throw result.reason === 'refunded'
        ? conflict('This payment was refunded, so it no longer gives access.', 'payment_refunded')
        : conflict('This order was already paid with another payment. Please contact support.', 'order_already_paid');
    case 'unknown_order':
      throw notFound(ORDER_NOT_FOUND, 'order_not_found');
  }
}
