import { useQueryClient } from '@tanstack/react-query';
import { Check, LoaderCircle } from 'lucide-react';
import { type ReactNode, type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSignInGate } from '@/features/auth';
import { ApiError, assetUrl } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { catalogueKeys, dashboardKeys } from '@/lib/query-keys';
import { redeemCoupon } from '../api/coupons';
import { createPaymentOrder } from '../api/create-order';
import { paymentConfigQuery } from '../api/payment-config';
import { paymentKeys } from '../api/payment-keys';
import { verifyPayment } from '../api/verify-payment';
import { loadCheckoutScript } from '../lib/load-checkout-script';
import { PAYMENT_MESSAGES, paymentFailedMessage } from '../lib/payment-messages';
import {
  CHECKOUT_THEME_COLOR,
  type CheckoutFailure,
  type CheckoutInstance,
  type CheckoutSuccess,
} from '../lib/razorpay';

/** Spec section 4: idle → loading (disabled) → success | failure | dismissed, and dismissed is idle again. */
export type PayButtonState = 'idle' | 'loading' | 'success' | 'failure';

/** Starts a payment from outside the button (the player's completion popup chose a tier). */
export interface PayButtonHandle {
  /** As a click, for this tier: the page's new selection may not have reached the button's props yet. */
  pay(pricingTierId?: string | null): void;
}

/** A coupon the server quoted for one purchase (hooks/use-coupon). */
export interface PayCoupon {
  code: string;
  /** The tier it was quoted for: a payment for another tier goes without it. */
  pricingTierId: string | null;
  /** Paise to pay with it; 0 enrolls without checkout. */
  price: number;
}

export interface PayButtonProps extends Pick<ButtonProps, 'className' | 'size' | 'variant'> {
  courseId: string;
  /** The chosen pricing tier; without one the server sells lifetime access at the course price. */
  pricingTierId?: string | null;
  /** An applied coupon: sent with the order, or, when it makes the price ₹0, redeemed instead of a checkout. */
  coupon?: PayCoupon | null;
  /** The idle label, e.g. 'Buy Now'. */
  children: ReactNode;
  onStateChange?: (state: PayButtonState) => void;
  ref?: Ref<PayButtonHandle>;
}

/**
 * Pays for a course in the provider's checkout. The checkout script is preloaded when the button mounts for a
 * signed-in learner; a click creates the order on the server (which sets the price, with any coupon, and copies
 * the learner's billing details for the invoice: BillingDetailsLine beside the button, decision 024), opens the
 * checkout in the
 * brand colour, and verifies the signed payment on the server before the course data is refreshed. A coupon
 * that makes the price ₹0 enrolls at once instead. After a success the button stays disabled so a second
 * charge cannot follow by accident.
 */
export function PayButton({
  courseId,
  pricingTierId,
  coupon = null,
  children,
  onStateChange,
  ref,
  ...buttonProps
}: PayButtonProps) {
  const queryClient = useQueryClient();
  const { isSignedIn, sendToSignIn } = useSignInGate();
  const [state, setStateValue] = useState<PayButtonState>('idle');
  /** The state as of now (not the last render), so a payment cannot start twice. */
  const current = useRef<PayButtonState>('idle');
  /** True while the checkout is open, so a late dismiss after a verified payment changes nothing. */
  const checkoutOpen = useRef(false);
  const mounted = useRef(true);

  const setState = useCallback(
    (next: PayButtonState) => {
      if (!mounted.current) return;
      current.current = next;
      setStateValue(next);
      onStateChange?.(next);
    },
    [onStateChange],
  );

  useEffect(() => {
    mounted.current = true;
    // Preload for a signed-in learner: a visitor's click leads to sign-in, not to the checkout, so their page
    // does not download it. A failure here is silent; the click tries again and reports it.
    isSignedIn()
      .then(async (signedIn) => {
        if (!signedIn) return;
        const config = await queryClient.fetchQuery(paymentConfigQuery());
        await loadCheckoutScript(assetUrl(config.checkoutUrl));
      })
      .catch(() => undefined);
    return () => {
      mounted.current = false;
    };
  }, [queryClient, isSignedIn]);

  /**
   * What a purchase changes besides the course (refreshed and awaited by each path): a dashboard already loaded,
   * refreshed in the background so the course is on it when the learner goes there; the purchase history; and
   * any coupon quote, which the purchase may have used up.
   */
  const refreshAfterPurchase = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'all' });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.purchases() });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.couponQuotes() });
  }, [queryClient]);

  const onPaid = useCallback(
    async (response: CheckoutSuccess) => {
      checkoutOpen.current = false;
      setState('loading');
      try {
        await verifyPayment(response);
      } catch {
        toast(PAYMENT_MESSAGES.verificationFailed);
        setState('failure');
        return;
      }
      refreshAfterPurchase();
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) });
      toast(PAYMENT_MESSAGES.paymentSucceeded);
      setState('success');
    },
    [courseId, queryClient, refreshAfterPurchase, setState],
  );

  const openCheckout = useCallback(
    async (tierId: string | null, couponCode: string | null) => {
      let checkout: CheckoutInstance;
      try {
        const config = await queryClient.fetchQuery(paymentConfigQuery());
        const Checkout = await loadCheckoutScript(assetUrl(config.checkoutUrl));
        const order = await createPaymentOrder({
          courseId,
          ...(tierId ? { pricingTierId: tierId } : {}),
          ...(couponCode ? { couponCode } : {}),
        });
        checkout = new Checkout({
          key: order.keyId,
          amount: order.amount,
          currency: order.currency,
          name: order.name,
          description: order.description,
          order_id: order.orderId,
          prefill: order.prefill,
          theme: { color: CHECKOUT_THEME_COLOR },
          handler: (response) => void onPaid(response),
          modal: {
            ondismiss: () => {
              if (!checkoutOpen.current) return;
              checkoutOpen.current = false;
              setState('idle');
            },
          },
        });
        checkout.on('payment.failed', (failure: CheckoutFailure) => {
          toast(paymentFailedMessage(failure.error?.description));
          setState('failure');
        });
      } catch {
        toast(PAYMENT_MESSAGES.orderFailed);
        // The coupon may be what was refused (used up meanwhile): its quote is asked again, and says so.
        if (couponCode) void queryClient.invalidateQueries({ queryKey: paymentKeys.couponQuotes() });
        setState('failure');
        return;
      }
      checkoutOpen.current = true;
      checkout.open();
    },
    [courseId, onPaid, queryClient, setState],
  );

  /** A coupon that makes the price ₹0: enrolled at once, refreshed like a free enrollment (no invoice). */
  const redeem = useCallback(
    async (tierId: string | null, couponCode: string) => {
      try {
        await redeemCoupon({ courseId, couponCode, ...(tierId ? { pricingTierId: tierId } : {}) });
      } catch (error) {
        toast({
          ...PAYMENT_MESSAGES.enrollFailed,
          ...(error instanceof ApiError && error.status < 500 && error.detail ? { description: error.detail } : {}),
        });
        void queryClient.invalidateQueries({ queryKey: paymentKeys.couponQuotes() });
        setState('failure');
        return;
      }
      toast(PAYMENT_MESSAGES.enrolled);
      refreshAfterPurchase();
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) });
      setState('success');
    },
    [courseId, queryClient, refreshAfterPurchase, setState],
  );

  const pay = useCallback(
    async (tierId: string | null | undefined) => {
      if (current.current === 'loading' || current.current === 'success') return;
      setState('loading');
      if (!(await isSignedIn())) {
        setState('idle');
        sendToSignIn('enroll');
        return;
      }
      const tier = tierId ?? null;
      const usable = coupon && coupon.pricingTierId === tier ? coupon : null;
      if (usable?.price === 0) {
        await redeem(tier, usable.code);
        return;
      }
      await openCheckout(tier, usable?.code ?? null);
    },
    [coupon, isSignedIn, openCheckout, redeem, sendToSignIn, setState],
  );

  useImperativeHandle(ref, () => ({ pay: (tierId) => void pay(tierId === undefined ? pricingTierId : tierId) }), [
    pay,
    pricingTierId,
  ]);

  const busy = state === 'loading';
  const done = state === 'success';
  return (
    <Button
      size="lg"
      {...buttonProps}
      onClick={() => void pay(pricingTierId)}
      disabled={busy || done}
      aria-busy={busy || undefined}
      data-state={state}
    >
      {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
      {done && <Check aria-hidden="true" />}
      {busy ? t('Processing...') : done ? t('Enrolled') : children}
    </Button>
  );
}
