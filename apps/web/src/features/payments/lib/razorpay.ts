/**
 * The part of Razorpay's checkout.js the pay button uses. The local payment sandbox serves a script with the
 * same surface, so one code path drives both.
 */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface CheckoutFailure {
  error?: {
    code?: string;
    description?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface CheckoutOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string };
  theme: { color: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
}

export interface CheckoutInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (failure: CheckoutFailure) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

/** Spec section 4: the checkout opens in the brand's accent colour. */
export const CHECKOUT_THEME_COLOR = '#00CFFF';
