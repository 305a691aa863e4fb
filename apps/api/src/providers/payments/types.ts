/** An order as the provider created it. */
export interface ProviderOrder {
  /** The provider's order id (`order_…`), also our payment_orders primary key. */
  id: string;
  amountPaise: number;
  currency: 'INR';
}

export interface CreateProviderOrder {
  amountPaise: number;
  currency: 'INR';
  /** Our reference, at most 40 characters (Razorpay's limit). */
  receipt: string;
  notes: Record<string, string>;
}

export interface CreateProviderRefund {
  paymentId: string;
  amountPaise: number;
  /** Our refund id, carried back in the `refund.processed` webhook's notes so either side can settle it. */
  refundId: string;
}

/**
 * What the provider said about a refund request. `accepted`: it has a refund id and will pay it (processed
 * now or pending at the bank). `refused`: it will not (the reason is for staff). `unknown`: no answer (a
 * timeout, a 5xx): the refund may or may not exist, so it stays pending until the webhook tells.
 */
export type ProviderRefundResult =
  | { kind: 'accepted'; providerRefundId: string; amountPaise: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown'; reason: string };

/**
 * One interface for Razorpay and the local sandbox. Both sign with the same HMAC scheme, so verification
 * and webhooks run one code path whichever provider is configured.
 */
export interface PaymentProvider {
  readonly kind: 'razorpay' | 'sandbox';
  /** Public key id handed to the checkout. */
  readonly keyId: string;
  /** The checkout script: an absolute URL, or a path under the API (sandbox). */
  readonly checkoutUrl: string;
  /** Secret for `razorpay_signature` (order_id|payment_id). Never leaves the server. */
  readonly keySecret: string;
  /** Secret for `X-Razorpay-Signature`; empty when webhooks are not configured. */
  readonly webhookSecret: string;
  /** Throws AppError 503 when the provider is down, slow or refuses. */
  createOrder(input: CreateProviderOrder): Promise<ProviderOrder>;
  /** Razorpay's Refunds API: never throws; the result says whether the money is on its way back. */
  refund(input: CreateProviderRefund): Promise<ProviderRefundResult>;
}
