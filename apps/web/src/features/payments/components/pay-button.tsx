import { useQueryClient } from '@tanstack/react-query';
import { Check, LoaderCircle } from 'lucide-react';
import { type ReactNode, type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSignInGate } from '@/features/auth';
import { assetUrl } from '@/lib/api-client';
import { catalogueKeys, dashboardKeys } from '@/lib/query-keys';
import { createPaymentOrder } from '../api/create-order';
import { paymentConfigQuery } from '../api/payment-config';
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

export interface PayButtonProps extends Pick<ButtonProps, 'className' | 'size' | 'variant'> {
  courseId: string;
  /** The chosen pricing tier; without one the server sells lifetime access at the course price. */
  pricingTierId?: string | null;
  /** The idle label, e.g. 'Buy Now'. */
  children: ReactNode;
  onStateChange?: (state: PayButtonState) => void;
  ref?: Ref<PayButtonHandle>;
}

/**
 * Pays for a course in the provider's checkout. The checkout script is preloaded when the button mounts; a
 * click creates the order on the server (which sets the price), opens the checkout in the brand colour, and
 * verifies the signed payment on the server before the course data is refreshed. After a success the button
 * stays disabled so a second charge cannot follow by accident.
 */
export function PayButton({ courseId, pricingTierId, children, onStateChange, ref, ...buttonProps }: PayButtonProps) {
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
    // Preload: a failure here is silent; the click tries again and reports it.
    queryClient
      .fetchQuery(paymentConfigQuery())
      .then((config) => loadCheckoutScript(assetUrl(config.checkoutUrl)))
      .catch(() => undefined);
    return () => {
      mounted.current = false;
    };
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
      // A dashboard already loaded is refreshed in the background: the course is on it when the learner goes there.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'all' });
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId) });
      toast(PAYMENT_MESSAGES.paymentSucceeded);
      setState('success');
    },
    [courseId, queryClient, setState],
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
      let checkout: CheckoutInstance;
      try {
        const config = await queryClient.fetchQuery(paymentConfigQuery());
        const Checkout = await loadCheckoutScript(assetUrl(config.checkoutUrl));
        const order = await createPaymentOrder({ courseId, ...(tierId ? { pricingTierId: tierId } : {}) });
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
        setState('failure');
        return;
      }
      checkoutOpen.current = true;
      checkout.open();
    },
    [courseId, isSignedIn, onPaid, queryClient, sendToSignIn, setState],
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
      {busy ? 'Processing...' : done ? 'Enrolled' : children}
    </Button>
  );
}
