import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, the only signature Razorpay uses (payments and webhooks). */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** The checkout's `razorpay_signature`: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Compares a received hex signature with the expected one in constant time. Lengths are compared first
 * because timingSafeEqual throws on unequal lengths; a length says nothing about the secret.
 */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const received = Buffer.from(receivedHex.toLowerCase(), 'utf8');
  if (expected.length !== received.length) return false;
  return timingSafeEqual(expected, received);
}

export function isValidPaymentSignature(
  keySecret: string,
  payment: { orderId: string; paymentId: string; signature: string },
): boolean {
  return signatureMatches(paymentSignature(keySecret, payment.orderId, payment.paymentId), payment.signature);
}

/** `X-Razorpay-Signature`: HMAC-SHA256 of the raw request body with the webhook secret. */
export function isValidWebhookSignature(webhookSecret: string, rawBody: string, signature: string): boolean {
  if (!webhookSecret) return false;
  return signatureMatches(hmacHex(webhookSecret, rawBody), signature);
}
