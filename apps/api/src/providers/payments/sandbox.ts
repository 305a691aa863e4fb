import { randomInt } from 'node:crypto';
import { API_PREFIX, endpoints } from '@kaushal/contract';
import { hmacHex, paymentSignature } from './signatures.ts';
import type {
  CreateProviderOrder,
  CreateProviderRefund,
  PaymentProvider,
  ProviderOrder,
  ProviderRefundResult,
} from './types.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids: a prefix and 14 random letters and digits. */
export function randomProviderId(prefix: 'order' | 'pay' | 'rfnd' | 'free'): string {
  let id = '';
  for (let i = 0; i < 14; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** What Razorpay's checkout hands the page after a successful payment: a payment id and its signature. */
  signPayment(orderId: string): { paymentId: string; signature: string };
}

/**
 * Stands in for Razorpay outside production when no keys are configured. Its secrets are derived from
 * SESSION_SECRET (itself generated into DATA_DIR in development), so signatures survive restarts and
 * verification and webhooks run exactly the code that checks Razorpay's.
 */
export function createSandboxProvider(sessionSecret: string): SandboxProvider {
  const keySecret = hmacHex(sessionSecret, 'payment-sandbox:key-secret');
  const webhookSecret = hmacHex(sessionSecret, 'payment-sandbox:webhook-secret');

  return {
    kind: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    checkoutUrl: `${API_PREFIX}${endpoints.sandboxCheckout.path}`,
    keySecret,
    webhookSecret,
    async createOrder(input: CreateProviderOrder): Promise<ProviderOrder> {
      return { id: randomProviderId('order'), amountPaise: input.amountPaise, currency: input.currency };
    },
    /** The sandbox's refunds always go through, at once (Razorpay's refunds can also be refused or time out: see the fake in tests). */
    async refund(input: CreateProviderRefund): Promise<ProviderRefundResult> {
      return { kind: 'accepted', providerRefundId: randomProviderId('rfnd'), amountPaise: input.amountPaise };
    },
    signPayment(orderId) {
      const paymentId = randomProviderId('pay');
      return { paymentId, signature: paymentSignature(keySecret, orderId, paymentId) };
    },
  };
}
