import { gstStateName } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseFixture } from '@/features/learning/test/harness';
import { FakeCheckout, LEARNER, mockApi, renderAt } from '@/features/payments/testing';
import { CoursePage } from './course-page';

// The course page's billing details line: beside the pay button, never in its way (decision 024). The dialog
// itself is tested in features/payments/components/billing-details.test.tsx.

const COURSE = courseFixture({ showPricing: true, thumbnailUrl: '/media/agents.jpg' });
const ORDER = {
  keyId: 'rzp_test_sandbox',
  amount: 99_900,
  currency: 'INR',
  name: 'Kaushal AI',
  description: 'AI Agents - Weekly Access',
  orderId: 'order_ABCDEFGHIJKLMN',
  prefill: { name: 'Asha', email: 'asha@example.com' },
};

function api() {
  return mockApi({
    'GET /auth/me': () => ({ status: 200, body: LEARNER }),
    'GET /payments/config': () => ({
      status: 200,
      body: { keyId: 'rzp_test_sandbox', checkoutUrl: '/api/v1/payments/sandbox/checkout.js', sandbox: true },
    }),
    [`GET /courses/${COURSE.id}`]: () => ({ status: 200, body: COURSE }),
    'GET /users/me/billing': () => ({ status: 200, body: { profile: null } }),
    'PUT /users/me/billing': ({ body }) => {
      const saved = body as { stateCode: string };
      return { status: 200, body: { ...saved, stateName: gstStateName(saved.stateCode) } };
    },
    'POST /payments/create-order': () => ({ status: 200, body: ORDER }),
  });
}

const payButton = () => screen.getByRole('button', { name: /^(Pay|Processing)/ });

describe('The course page billing details line', () => {
  beforeEach(() => {
    FakeCheckout.instances = [];
    window.Razorpay = FakeCheckout;
    sessionStorage.clear();
  });
  afterEach(() => {
    delete window.Razorpay;
    vi.unstubAllGlobals();
  });

  it('offers billing details beside the pay button, which opens the checkout at once without them', async () => {
    const calls = api();
    renderAt(<CoursePage />, `/course/${COURSE.id}`, { signedIn: LEARNER });
    const add = await screen.findByRole('button', { name: 'Add billing details' });
    expect(add.closest('p')).toHaveTextContent('Need a GST invoice in your or your company’s name?');
    // In the same panel as the pay button, under the coupon box.
    const panel = add.closest('aside');
    expect(panel).not.toBeNull();
    expect(within(panel as HTMLElement).getByRole('button', { name: 'Have a coupon?' })).toBeInTheDocument();
    expect(within(panel as HTMLElement).getByRole('button', { name: /^Pay ₹999/ })).toBeInTheDocument();

    await userEvent.setup().click(payButton());
    await waitFor(() => expect(FakeCheckout.instances[0]?.opened).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.callsTo('POST', '/payments/create-order').map((c) => c.body)).toEqual([
      { courseId: COURSE.id, pricingTierId: 'weekly' },
    ]);
  });

  it('details added from the line show in it; the order is created as before (the server copies them)', async () => {
    const calls = api();
    renderAt(<CoursePage />, `/course/${COURSE.id}`, { signedIn: LEARNER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add billing details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Billing details' }));
    await user.selectOptions(dialog.getByLabelText(/^State or union territory/), 'Karnataka');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    const change = await screen.findByRole('button', { name: 'Change billing details' });
    expect(change.closest('p')).toHaveTextContent('GST invoice to Asha, Karnataka. Change billing details');
    expect(calls.callsTo('PUT', '/users/me/billing').map((c) => c.body)).toEqual([
      { name: 'Asha', stateCode: '29', gstin: null, address: null },
    ]);

    await user.click(payButton());
    await waitFor(() => expect(FakeCheckout.instances[0]?.opened).toBe(true));
    expect(calls.callsTo('POST', '/payments/create-order').map((c) => c.body)).toEqual([
      { courseId: COURSE.id, pricingTierId: 'weekly' },
    ]);
  });
});
