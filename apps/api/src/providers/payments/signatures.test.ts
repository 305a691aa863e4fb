import { createHmac, randomBytes } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from './sandbox.ts';
import { isValidPaymentSignature, isValidWebhookSignature, paymentSignature, signatureMatches } from './signatures.ts';

/** Razorpay's own SDK is the independent oracle: what it accepts we accept, and nothing else. */
describe('payment signatures', () => {
  const secret = randomBytes(16).toString('hex');

  it('signs order_id|payment_id exactly as Razorpay checks it', () => {
    for (let i = 0; i < 20; i++) {
      const order_id = `order_${randomBytes(7).toString('hex')}`;
      const payment_id = `pay_${randomBytes(7).toString('hex')}`;
      const signature = paymentSignature(secret, order_id, payment_id);
      expect(validatePaymentVerification({ order_id, payment_id }, signature, secret)).toBe(true);
      expect(isValidPaymentSignature(secret, { orderId: order_id, paymentId: payment_id, signature })).toBe(true);
    }
  });

  it('refuses a tampered, truncated, swapped or foreign-key signature', () => {
    const orderId = 'order_ABCDEFGHIJKLMN';
    const paymentId = 'pay_ABCDEFGHIJKLMN';
    const good = paymentSignature(secret, orderId, paymentId);
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    const cases = [
      flipped,
      good.slice(0, 32),
      `${good}00`,
      paymentSignature(secret, paymentId, orderId),
      paymentSignature('another-secret', orderId, paymentId),
      '',
    ];
    for (const signature of cases) {
      expect(isValidPaymentSignature(secret, { orderId, paymentId, signature })).toBe(false);
      expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, secret)).toBe(false);
    }
  });

  it('accepts an upper-case hex signature of the right value', () => {
    const good = paymentSignature(secret, 'order_A', 'pay_B');
    expect(signatureMatches(good, good.toUpperCase())).toBe(true);
  });

  it('checks webhook bodies byte for byte, as the SDK does', () => {
    const webhookSecret = randomBytes(16).toString('hex');
    const body = JSON.stringify({ event: 'payment.captured', payload: { amount: 99900, note: 'ünïcode ✓' } });
    const signature = paymentSignatureOfBody(webhookSecret, body);
    expect(validateWebhookSignature(body, signature, webhookSecret)).toBe(true);
    expect(isValidWebhookSignature(webhookSecret, body, signature)).toBe(true);
    // The same JSON re-serialised with other spacing is other bytes: refused by both.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(validateWebhookSignature(reformatted, signature, webhookSecret)).toBe(false);
    expect(isValidWebhookSignature(webhookSecret, reformatted, signature)).toBe(false);
    // No secret configured means nothing verifies.
    expect(isValidWebhookSignature('', body, signature)).toBe(false);
  });

  it('gives the sandbox payments that Razorpay’s SDK accepts under the sandbox key secret', () => {
    const sandbox = createSandboxProvider('a-session-secret-of-at-least-32-characters');
    const { paymentId, signature } = sandbox.signPayment('order_SANDBOX1234567');
    expect(paymentId).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(
      validatePaymentVerification(
        { order_id: 'order_SANDBOX1234567', payment_id: paymentId },
        signature,
        sandbox.keySecret,
      ),
    ).toBe(true);
    // Derived, not random: a restart keeps verifying payments signed before it.
    expect(createSandboxProvider('a-session-secret-of-at-least-32-characters').keySecret).toBe(sandbox.keySecret);
    expect(sandbox.keySecret).not.toBe(sandbox.webhookSecret);
  });
});

function paymentSignatureOfBody(secret: string, body: string) {
  // The webhook signature is a plain HMAC of the body; computed here without our helper on purpose.
  return createHmac('sha256', secret).update(body).digest('hex');
}
