import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueKeys } from '@/lib/query-keys';
import { useParams } from '@/lib/router';
import { type ApiHandler, FakeCheckout, LEARNER, mockApi, renderAt } from '../testing';
import { PayButton, type PayButtonHandle } from './pay-button';

const COURSE = 'rag-from-scratch';
const ORDER = {
  keyId: 'rzp_test_sandbox',
  amount: 99_900,
  currency: 'INR',
  name: 'Kaushal AI',
  description: 'RAG from Scratch - Weekly Access',
  orderId: 'order_ABCDEFGHIJKLMN',
  prefill: { name: 'Asha', email: 'asha@example.com' },
};
const PAYMENT = {
  razorpay_order_id: ORDER.orderId,
  razorpay_payment_id: 'pay_ABCDEFGHIJKLMN',
  razorpay_signature: 'ab'.repeat(32),
};
const COURSE_DETAIL = { id: COURSE, title: 'RAG from Scratch' };

/** The pay button beside a reader of the course query, so a refresh after payment is observable. */
function CourseWithPayButton() {
  const { id = '' } = useParams();
  useQuery({ queryKey: catalogueKeys.course(id), queryFn: () => fetch(`/api/v1/courses/${id}`).then((r) => r.json()) });
  return (
    <PayButton courseId={id} pricingTierId="rag-from-scratch-weekly">
      Buy Now
    </PayButton>
  );
}

function api(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /auth/me': () => ({ status: 200, body: LEARNER }),
    'GET /payments/config': () => ({
      status: 200,
      body: { keyId: 'rzp_test_sandbox', checkoutUrl: '/api/v1/payments/sandbox/checkout.js', sandbox: true },
    }),
    [`GET /courses/${COURSE}`]: () => ({ status: 200, body: COURSE_DETAIL }),
    'POST /payments/create-order': () => ({ status: 200, body: ORDER }),
    'POST /payments/verify': () => ({
      status: 200,
      body: { success: true, message: 'Payment verified. You are enrolled in the course.' },
    }),
    ...overrides,
  });
}

const button = () => screen.getByRole('button', { name: /Buy Now|Processing|Enrolled/ });

describe('PayButton', () => {
  beforeEach(() => {
    FakeCheckout.instances = [];
    window.Razorpay = FakeCheckout;
    sessionStorage.clear();
  });
  afterEach(() => {
    delete window.Razorpay;
    vi.unstubAllGlobals();
  });

  it('creates the order, opens the checkout in #00CFFF, verifies, refreshes the course and says so', async () => {
    let releaseVerify: () => void = () => {};
    const verifyGate = new Promise<void>((resolve) => {
      releaseVerify = resolve;
    });
    const slowVerify = api({
      'POST /payments/verify': async () => {
        await verifyGate;
        return { status: 200, body: { success: true, message: 'Payment verified. You are enrolled in the course.' } };
      },
    });
    renderAt(<CourseWithPayButton />, `/course/${COURSE}`);
    const user = userEvent.setup();
    await waitFor(() => expect(slowVerify.callsTo('GET', `/courses/${COURSE}`)).toHaveLength(1));
    expect(button()).toHaveAttribute('data-state', 'idle');

    await user.click(button());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    expect(button()).toBeDisabled();
    expect(button()).toHaveTextContent('Processing...');
    expect(slowVerify.callsTo('POST', '/payments/create-order')[0]?.body).toEqual({
      courseId: COURSE,
      pricingTierId: 'rag-from-scratch-weekly',
    });
    const checkout = FakeCheckout.instances[0];
    expect(checkout?.opened).toBe(true);
    expect(checkout?.options).toMatchObject({
      key: ORDER.keyId,
      amount: 99_900,
      currency: 'INR',
      name: 'Kaushal AI',
      description: ORDER.description,
      order_id: ORDER.orderId,
      prefill: ORDER.prefill,
      theme: { color: '#00CFFF' },
    });

    checkout?.pay(PAYMENT);
    await waitFor(() => expect(slowVerify.callsTo('POST', '/payments/verify')).toHaveLength(1));
    expect(slowVerify.callsTo('POST', '/payments/verify')[0]?.body).toEqual(PAYMENT);
    // Still verifying: loading and disabled.
    expect(button()).toHaveAttribute('data-state', 'loading');
    expect(button()).toBeDisabled();

    releaseVerify();
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByText('You have been enrolled in the course.')).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-state', 'success');
    expect(button()).toHaveTextContent('Enrolled');
    expect(button()).toBeDisabled();
    expect(slowVerify.callsTo('GET', `/courses/${COURSE}`)).toHaveLength(2);
  });

  it('returns to idle when the learner closes the checkout', async () => {
    const calls = api();
    renderAt(<CourseWithPayButton />, `/course/${COURSE}`);
    const user = userEvent.setup();
    await user.click(button());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    FakeCheckout.instances[0]?.dismiss();
    await waitFor(() => expect(button()).toHaveAttribute('data-state', 'idle'));
    expect(button()).toBeEnabled();
    expect(button()).toHaveTextContent('Buy Now');
    expect(calls.callsTo('POST', '/payments/verify')).toEqual([]);
  });

  it('shows a failed payment, and a later dismiss returns to idle', async () => {
    api();
    renderAt(<CourseWithPayButton />, `/course/${COURSE}`);
    const user = userEvent.setup();
    await user.click(button());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    FakeCheckout.instances[0]?.fail('Your payment was declined by the bank.');
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Your payment was declined by the bank.')).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-state', 'failure');
    expect(button()).toBeEnabled();
    FakeCheckout.instances[0]?.dismiss();
    await waitFor(() => expect(button()).toHaveAttribute('data-state', 'idle'));
  });

  it('says "Failed to create payment order. Please try again." when the order fails, and a retry works', async () => {
    let fail = true;
    const calls = api({
      'POST /payments/create-order': () =>
        fail
          ? { status: 503, body: { detail: 'down', code: 'payment_provider_unavailable' } }
          : { status: 200, body: ORDER },
    });
    renderAt(<CourseWithPayButton />, `/course/${COURSE}`);
    const user = userEvent.setup();
    await user.click(button());
    expect(await screen.findByText('Failed to create payment order. Please try again.')).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-state', 'failure');
    expect(button()).toBeEnabled();
    expect(FakeCheckout.instances).toEqual([]);

    fail = false;
    await user.click(button());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    expect(calls.callsTo('POST', '/payments/create-order')).toHaveLength(2);
  });

  it('says the same when the checkout script fails to load, and creates no order', async () => {
    delete window.Razorpay;
    const appended: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      const script = nodes[0] as HTMLScriptElement;
      appended.push(script);
      queueMicrotask(() => script.dispatchEvent(new Event('error')));
    });
    const calls = api();
    renderAt(<CourseWithPayButton />, `/course/${COURSE}`);
    // Preloaded on mount, before any click.
    await waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]?.src).toContain('/api/v1/payments/sandbox/checkout.js');

    const user = userEvent.setup();
    await user.click(button());
    expect(await screen.findByText('Failed to create payment order. Please try again.')).toBeInTheDocument();
    expect(appended).toHaveLength(2);
    expect(calls.callsTo('POST', '/payments/create-order')).toEqual([]);
    expect(button()).toHaveAttribute('data-state', 'failure');
  });

  it('says "Payment verification failed" when the server refuses the payment', async () => {
    api({
      'POST /payments/verify': () => ({
        status: 400,
        body: { detail: 'Payment verification failed.', code: 'payment_verification_failed' },
      }),
    });
    renderAt(<CourseWithPayButton />, `/course/${COURSE}`);
    const user = userEvent.setup();
    await user.click(button());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    FakeCheckout.instances[0]?.pay(PAYMENT);
    expect(await screen.findByText('Payment verification failed')).toBeInTheDocument();
    expect(screen.getByText('Please contact support if amount was deducted.')).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-state', 'failure');
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, remembering this page, and does not preload the checkout for them', async () => {
    const calls = api({
      'GET /auth/me': () => ({ status: 401, body: { detail: 'Please sign in.', code: 'unauthorized' } }),
    });
    const appended = vi.spyOn(document.head, 'append');
    renderAt(<CourseWithPayButton />, `/course/${COURSE}?tier=weekly`);
    // Their click leads to sign-in: the checkout is not preloaded for them.
    await waitFor(() => expect(calls.callsTo('GET', '/auth/me')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.callsTo('GET', '/payments/config')).toEqual([]);
    expect(appended).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(button());
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getByText('Sign in required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to enroll in this course.')).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(`/course/${COURSE}?tier=weekly`);
    expect(calls.callsTo('POST', '/payments/create-order')).toEqual([]);
  });

  it('pays for the tier it is handed from outside (the completion popup), once while a payment runs', async () => {
    const calls = api();
    const handle = createRef<PayButtonHandle>();
    renderAt(
      <PayButton ref={handle} courseId={COURSE} pricingTierId="rag-from-scratch-weekly">
        Buy Now
      </PayButton>,
      `/course/${COURSE}`,
    );
    handle.current?.pay('rag-from-scratch-weekly-mentor');
    handle.current?.pay('rag-from-scratch-lifetime');
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    expect(calls.callsTo('POST', '/payments/create-order').map((c) => c.body)).toEqual([
      { courseId: COURSE, pricingTierId: 'rag-from-scratch-weekly-mentor' },
    ]);
    expect(button()).toHaveAttribute('data-state', 'loading');
  });
});
