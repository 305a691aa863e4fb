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
}
