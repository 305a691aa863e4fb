import type { CouponQuote } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseFixture } from '@/features/learning/test/harness';
import { type ApiCall, type ApiHandler, FakeCheckout, LEARNER, mockApi, renderAt } from '@/features/payments/testing';
import { getRedirectPath } from '@/lib/session';
import { CoursePage } from './course-page';

// The course page's coupon: the box in the pricing area, the price it leaves, and the pay button that uses it.
// Tiers (rupees): weekly 999, lifetime 7999, team 19999; the weekly tier is chosen at first.

const COURSE = courseFixture({ showPricing: true, thumbnailUrl: '/media/agents.jpg' });
const BILLING = { name: 'Asha', stateCode: '29', stateName: 'Karnataka', gstin: null, address: null };
const ORDER = {
  keyId: 'rzp_test_sandbox',
  amount: 779_900,
  currency: 'INR',
  name: 'Kaushal AI',
  description: 'AI Agents - Lifetime Access',
  orderId: 'order_ABCDEFGHIJKLMN',
  prefill: { name: 'Asha', email: 'asha@example.com' },
};
const TIER_PAISE: Record<string, number> = { weekly: 99_900, lifetime: 799_900, team: 1_999_900 };

/** SAVE200 takes ₹200 off any tier; FREEWEEK makes the weekly tier free; anything else is refused. */
function quote({ query }: ApiCall): { status: number; body: unknown } {
  const listPrice = TIER_PAISE[query.pricingTierId ?? ''] ?? 0;
  const answer = (q: CouponQuote) => ({ status: 200, body: q });
  if (query.code === 'SAVE200') {
    return answer({ code: 'SAVE200', label: '₹200 off', listPrice, discount: 20_000, price: listPrice - 20_000 });
  }
  if (query.code === 'FREEWEEK' && query.pricingTierId === 'weekly') {
    return answer({ code: 'FREEWEEK', label: '100% off', listPrice, discount: listPrice, price: 0 });
  }
  return { status: 409, body: { code: 'coupon_expired', detail: 'This coupon has expired.' } };
}

function api(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /auth/me': () => ({ status: 200, body: LEARNER }),
    'GET /payments/config': () => ({
      status: 200,
      body: { keyId: 'rzp_test_sandbox', checkoutUrl: '/api/v1/payments/sandbox/checkout.js', sandbox: true },
    }),
    [`GET /courses/${COURSE.id}`]: () => ({ status: 200, body: COURSE }),
    'GET /coupons/quote': quote,
    'GET /users/me/billing': () => ({ status: 200, body: { profile: BILLING } }),
    'POST /payments/create-order': () => ({ status: 200, body: ORDER }),
    'POST /payments/redeem-coupon': () => ({
      status: 200,
      body: { success: true, message: 'You are enrolled in this course.' },
    }),
    ...overrides,
  });
}

const price = () => screen.getByTestId('course-price');
/** The applied coupon's saving (a status: the page's loading indicator is one too). */
const saving = () =>
  screen.findByText(
    (_, element) => element?.getAttribute('role') === 'status' && /applied/.test(element.textContent ?? ''),
  );
const couponField = () => screen.getByRole('textbox', { name: 'Coupon code' });
const payButton = () => screen.getByRole('button', { name: /^(Pay|Enroll with coupon|Processing)/ });

describe('The course page coupon', () => {
  beforeEach(() => {
    FakeCheckout.instances = [];
    window.Razorpay = FakeCheckout;
    sessionStorage.clear();
  });
  afterEach(() => {
    delete window.Razorpay;
    vi.unstubAllGlobals();
  });

  it('applies a code and shows the saving, with the new price beside the old one struck through', async () => {
    const calls = api();
    const { router } = renderAt(<CoursePage />, `/course/${COURSE.id}`, { signedIn: LEARNER });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Have a coupon?' }));
    expect(couponField()).toHaveFocus();
    await user.type(couponField(), 'save200');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await saving()).toHaveTextContent('SAVE200 applied: ₹200 off, you save ₹200');
    expect(screen.getByRole('button', { name: 'Remove coupon SAVE200' })).toHaveFocus();
    expect(price()).toHaveTextContent('Price: ₹799 instead of ₹999');
    expect(within(price()).getByText('₹999', { exact: false })).toHaveClass('line-through');
    expect(payButton()).toHaveAccessibleName('Pay ₹799 · 7 days of access');
    expect(calls.callsTo('GET', '/coupons/quote').map((c) => c.query)).toEqual([
      { code: 'SAVE200', courseId: COURSE.id, pricingTierId: 'weekly' },
    ]);
    // Kept in the address: a reload, or the way back from signing in, keeps it.
    expect(router.state.location.search).toBe('?coupon=save200');
  });

  it('quotes the code again when the tier changes, and sends it with the order', async () => {
    const calls = api();
    renderAt(<CoursePage />, `/course/${COURSE.id}?coupon=SAVE200`, { signedIn: LEARNER });
    expect(await saving()).toHaveTextContent('you save ₹200');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Tier lifetime/ }));
    await waitFor(() => expect(payButton()).toHaveAccessibleName('Pay ₹7,799 · Lifetime access'));
    expect(calls.callsTo('GET', '/coupons/quote').map((c) => c.query.pricingTierId)).toEqual(['weekly', 'lifetime']);
    expect(price()).toHaveTextContent('Price: ₹7,799 instead of ₹7,999');

    await user.click(payButton());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    expect(calls.callsTo('POST', '/payments/create-order').map((c) => c.body)).toEqual([
      { courseId: COURSE.id, pricingTierId: 'lifetime', couponCode: 'SAVE200' },
    ]);
  });

  it("shows the server's refusal under the field, and pays without the code", async () => {
    const calls = api();
    renderAt(<CoursePage />, `/course/${COURSE.id}`, { signedIn: LEARNER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Have a coupon?' }));
    await user.type(couponField(), 'OLD2024');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired.');
    expect(couponField()).toHaveAttribute('aria-invalid', 'true');
    expect(couponField()).toHaveAccessibleDescription('This coupon has expired.');
    expect(price()).toHaveTextContent('Price: ₹999');
    expect(price()).not.toHaveTextContent('instead of');

    await user.click(payButton());
    await waitFor(() => expect(FakeCheckout.instances).toHaveLength(1));
    expect(calls.callsTo('POST', '/payments/create-order').map((c) => c.body)).toEqual([
      { courseId: COURSE.id, pricingTierId: 'weekly' },
    ]);
  });

  it("checks a code's shape before asking the server", async () => {
    const calls = api();
    renderAt(<CoursePage />, `/course/${COURSE.id}`, { signedIn: LEARNER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Have a coupon?' }));
    await user.type(couponField(), 'SAVE 20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A coupon code has only letters, digits, dashes and underscores.',
    );
    expect(calls.callsTo('GET', '/coupons/quote')).toEqual([]);
  });

  it('Remove puts the price back and leaves the field empty for another code', async () => {
    api();
    const { router } = renderAt(<CoursePage />, `/course/${COURSE.id}?coupon=SAVE200`, { signedIn: LEARNER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove coupon SAVE200' }));

    expect(couponField()).toHaveValue('');
    expect(couponField()).toHaveFocus();
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
    expect(price()).toHaveTextContent('Price: ₹999');
    expect(payButton()).toHaveAccessibleName('Pay ₹999 · 7 days of access');
    expect(router.state.location.search).toBe('');
  });

  it('applies ?coupon= on arrival; a price of ₹0 enrolls with the coupon, without a checkout', async () => {
    let enrolled = false;
    const calls = api({
      'POST /payments/redeem-coupon': () => {
        enrolled = true;
        return { status: 200, body: { success: true, message: 'You are enrolled in this course.' } };
      },
      [`GET /courses/${COURSE.id}`]: () => ({
        status: 200,
        body: enrolled
          ? { ...COURSE, isEnrolled: true, enrollmentStatus: { enrolled: true, status: 'active', message: '' } }
          : COURSE,
      }),
    });
    renderAt(<CoursePage />, `/course/${COURSE.id}?coupon=freeweek`, { signedIn: LEARNER });

    expect(await saving()).toHaveTextContent('FREEWEEK applied: 100% off, you save ₹999');
    expect(price()).toHaveTextContent('Price: Free instead of ₹999');
    expect(payButton()).toHaveAccessibleName('Enroll with coupon');

    await userEvent.setup().click(payButton());
    expect(await screen.findByText("You're enrolled!")).toBeInTheDocument();
    expect(calls.callsTo('POST', '/payments/redeem-coupon').map((c) => c.body)).toEqual([
      { courseId: COURSE.id, pricingTierId: 'weekly', couponCode: 'FREEWEEK' },
    ]);
    expect(calls.callsTo('POST', '/payments/create-order')).toEqual([]);
    expect(FakeCheckout.instances).toEqual([]);
    // The course is read again and shows the enrolled learner's next step.
    await waitFor(() => expect(calls.callsTo('GET', `/courses/${COURSE.id}`)).toHaveLength(2));
  });

  it('keeps a code from the address for a visitor, and brings it back through sign-in', async () => {
    const calls = api({
      'GET /auth/me': () => ({ status: 401, body: { code: 'unauthorized', detail: 'Please sign in.' } }),
    });
    renderAt(<CoursePage />, `/course/${COURSE.id}?coupon=SAVE200`);

    expect(await screen.findByText(/Sign in to apply SAVE200/)).toBeInTheDocument();
    expect(couponField()).toHaveValue('SAVE200');
    expect(calls.callsTo('GET', '/coupons/quote')).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(getRedirectPath()).toBe(`/course/${COURSE.id}?coupon=SAVE200`);
  });
});
