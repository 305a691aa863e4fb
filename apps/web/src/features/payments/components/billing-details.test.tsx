import {
  type BillingProfile,
  GSTIN_INVALID,
  GSTIN_STATE_MISMATCH,
  gstinCheckCharacter,
  gstStateName,
} from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/lib/session';
import { billingProfileQuery } from '../api/billing-profile';
import { type ApiHandler, FakeCheckout, LEARNER, mockApi, renderAt } from '../testing';
import { BillingDetailsLine } from './billing-details-line';
import { PayButton } from './pay-button';

// Billing details for GST invoices never stand between Buy Now and the checkout (the spec's flow): the pay button
// does not ask for them, and the line beside it offers to add or change them (decision 024).

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
/** A Karnataka (29) GSTIN with its right check character ('W'). */
const GSTIN_29 = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;
/** The same with a wrong check character. */
const BAD_CHECK = '29ABCDE1234F1Z5';
/** A valid Maharashtra (27) GSTIN. */
const GSTIN_27 = `27ABCDE1234F1Z${gstinCheckCharacter('27ABCDE1234F1Z')}`;
const SAVED: BillingProfile = {
  name: 'Rao Analytics LLP',
  stateCode: '27',
  stateName: 'Maharashtra',
  gstin: GSTIN_27,
  address: '4 Marine Drive, Mumbai 400020',
};

type SavedBody = Omit<BillingProfile, 'stateName'>;

/** A signed-in learner's API; the PUT answers as the server does, with the state's name. */
function api(profile: BillingProfile | null, overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /auth/me': () => ({ status: 200, body: LEARNER }),
    'GET /users/me/billing': () => ({ status: 200, body: { profile } }),
    'PUT /users/me/billing': ({ body }) => {
      const saved = body as SavedBody;
      return { status: 200, body: { ...saved, stateName: gstStateName(saved.stateCode) } };
    },
    ...overrides,
  });
}

const dialog = () => screen.getByRole('dialog', { name: 'Billing details' });
const field = (label: RegExp) => within(dialog()).getByLabelText(label);
const save = () => within(dialog()).getByRole('button', { name: 'Save' });
/** The line's button (hidden from the accessibility tree while the modal dialog is open, but still there). */
const lineButton = (name: string) => screen.getByRole('button', { name, hidden: true });
/** The line's sentence, its button included. */
const line = (name: string) => lineButton(name).closest('p');

describe('The pay button and billing details', () => {
  beforeEach(() => {
    FakeCheckout.instances = [];
    window.Razorpay = FakeCheckout;
    sessionStorage.clear();
  });
  afterEach(() => {
    delete window.Razorpay;
    vi.unstubAllGlobals();
  });

  it('opens the checkout at once for a learner without billing details, asking nothing', async () => {
    // No billing endpoints at all: the button must not need them.
    const calls = mockApi({
      'GET /auth/me': () => ({ status: 200, body: LEARNER }),
      'GET /payments/config': () => ({
        status: 200,
        body: { keyId: 'rzp_test_sandbox', checkoutUrl: '/api/v1/payments/sandbox/checkout.js', sandbox: true },
      }),
      'POST /payments/create-order': () => ({ status: 200, body: ORDER }),
    });
    renderAt(
      <PayButton courseId={COURSE} pricingTierId="rag-from-scratch-weekly">
        Buy Now
      </PayButton>,
      `/course/${COURSE}`,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy Now' }));

    await waitFor(() => expect(FakeCheckout.instances[0]?.opened).toBe(true));
    expect(calls.callsTo('POST', '/payments/create-order').map((c) => c.body)).toEqual([
      { courseId: COURSE, pricingTierId: 'rag-from-scratch-weekly' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path === '/users/me/billing')).toEqual([]);
  });
});

describe('BillingDetailsLine', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows nothing to a visitor, and asks for no billing details', async () => {
    const calls = api(null, {
      'GET /auth/me': () => ({ status: 401, body: { code: 'unauthorized', detail: 'Please sign in.' } }),
    });
    const { container, queryClient } = renderAt(<BillingDetailsLine />, `/course/${COURSE}`);
    // Once the session is known to be signed out.
    await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success'));

    expect(container).not.toHaveTextContent(/billing details|GST invoice/);
    expect(calls.callsTo('GET', '/users/me/billing')).toEqual([]);
  });

  it('stays out of the way when the billing details cannot be read', async () => {
    api(null, { 'GET /users/me/billing': () => ({ status: 503, body: { code: 'database_unavailable' } }) });
    const { container, queryClient } = renderAt(<BillingDetailsLine />, `/course/${COURSE}`, { signedIn: LEARNER });
    await waitFor(() => expect(queryClient.getQueryState(billingProfileQuery().queryKey)?.status).toBe('error'));
    expect(container).not.toHaveTextContent(/billing details|GST invoice/);
  });

  it('adds them: the dialog starts from the account name and checks them by the contract in the browser', async () => {
    const calls = api(null);
    renderAt(<BillingDetailsLine />, `/course/${COURSE}`, { signedIn: LEARNER });
    const user = userEvent.setup();
    const add = await screen.findByRole('button', { name: 'Add billing details' });
    expect(line('Add billing details')).toHaveTextContent(
      'Need a GST invoice in your or your company’s name? Add billing details',
    );

    await user.click(add);
    // The dialog's code loads with the line (lazily): the click opens it once there.
    await screen.findByRole('dialog', { name: 'Billing details' });
    expect(field(/^Name on the invoice/)).toHaveValue('Asha');
    expect(field(/^Name on the invoice/)).toHaveFocus();
    expect(field(/^State or union territory/)).toHaveValue('');
    expect(field(/^GSTIN/)).toHaveValue('');

    // No state: said on its field, with focus there.
    await user.click(save());
    expect(within(dialog()).getByText('Choose your state or union territory.')).toBeInTheDocument();
    expect(field(/^State or union territory/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^State or union territory/)).toHaveFocus();

    // A GSTIN whose check character is wrong, pasted in lower case.
    await user.selectOptions(field(/^State or union territory/), 'Karnataka');
    await user.click(field(/^GSTIN/));
    await user.paste(BAD_CHECK.toLowerCase());
    expect(field(/^GSTIN/)).toHaveValue(BAD_CHECK);
    await user.click(save());
    expect(within(dialog()).getByText(GSTIN_INVALID)).toBeInTheDocument();
    expect(field(/^GSTIN/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^GSTIN/)).toHaveFocus();

    // A valid GSTIN of another state than the one chosen.
    await user.clear(field(/^GSTIN/));
    await user.paste(GSTIN_27);
    await user.click(save());
    expect(within(dialog()).getByText(GSTIN_STATE_MISMATCH)).toBeInTheDocument();
    expect(calls.callsTo('PUT', '/users/me/billing')).toEqual([]);

    // Put right, and saved.
    await user.clear(field(/^Name on the invoice/));
    await user.type(field(/^Name on the invoice/), 'Asha Rao');
    await user.clear(field(/^GSTIN/));
    await user.paste(GSTIN_29);
    await user.click(field(/^Address/));
    await user.paste('12 MG Road, Bengaluru 560001');
    await user.click(save());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.callsTo('PUT', '/users/me/billing').map((c) => c.body)).toEqual([
      { name: 'Asha Rao', stateCode: '29', gstin: GSTIN_29, address: '12 MG Road, Bengaluru 560001' },
    ]);
    expect(line('Change billing details')).toHaveTextContent(
      `GST invoice to Asha Rao, Karnataka (GSTIN ${GSTIN_29}). Change billing details`,
    );
    // Focus goes back to the line's button, now named for what it does next.
    expect(lineButton('Change billing details')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add billing details' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal on its field and keeps the dialog open", async () => {
    const calls = api(null, {
      'PUT /users/me/billing': () => ({
        status: 400,
        body: { code: 'invalid_request', detail: `Invalid request body: gstin: ${GSTIN_STATE_MISMATCH}` },
      }),
    });
    renderAt(<BillingDetailsLine />, `/course/${COURSE}`, { signedIn: LEARNER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add billing details' }));
    await screen.findByRole('dialog', { name: 'Billing details' });
    await user.selectOptions(field(/^State or union territory/), 'Karnataka');
    await user.click(field(/^GSTIN/));
    await user.paste(GSTIN_29);
    await user.click(save());

    expect(await within(dialog()).findByText(GSTIN_STATE_MISMATCH)).toBeInTheDocument();
    expect(field(/^GSTIN/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^GSTIN/)).toHaveFocus();
    expect(field(/^Name on the invoice/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.callsTo('PUT', '/users/me/billing')).toHaveLength(1);
    expect(line('Add billing details')).toHaveTextContent('Need a GST invoice');
  });

  it('names the saved details, and Change opens the dialog with them; Cancel saves nothing', async () => {
    const calls = api(SAVED);
    renderAt(<BillingDetailsLine />, `/course/${COURSE}`, { signedIn: LEARNER });
    const user = userEvent.setup();
    const change = await screen.findByRole('button', { name: 'Change billing details' });
    expect(line('Change billing details')).toHaveTextContent(
      `GST invoice to Rao Analytics LLP, Maharashtra (GSTIN ${GSTIN_27}). Change billing details`,
    );

    await user.click(change);
    // The dialog's code loads with the line (lazily): the click opens it once there.
    await screen.findByRole('dialog', { name: 'Billing details' });
    expect(field(/^Name on the invoice/)).toHaveValue('Rao Analytics LLP');
    expect(field(/^State or union territory/)).toHaveValue('27');
    expect(field(/^GSTIN/)).toHaveValue(GSTIN_27);
    expect(field(/^Address/)).toHaveValue('4 Marine Drive, Mumbai 400020');

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.callsTo('PUT', '/users/me/billing')).toEqual([]);
    expect(lineButton('Change billing details')).toHaveFocus();
  });

  it('leaves out the GSTIN part when there is none', async () => {
    api({ ...SAVED, gstin: null });
    renderAt(<BillingDetailsLine />, `/course/${COURSE}`, { signedIn: LEARNER });
    await screen.findByRole('button', { name: 'Change billing details' });
    expect(line('Change billing details')).toHaveTextContent(
      /^GST invoice to Rao Analytics LLP, Maharashtra\. Change billing details$/,
    );
  });
});
