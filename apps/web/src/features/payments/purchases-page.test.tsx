import type { Purchase, Refund, RefundEligibility } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { PurchasesPage } from './purchases-page';
import { type ApiHandler, LEARNER, mockApi, renderAt } from './testing';

const INVOICE_ID = '0f8e7c59-6a43-4f0e-9d7a-2b1f4b7c3a01';
const CREDIT_NOTE_ID = '4b2d1a6e-8c7f-4e3d-a5b9-7c6d5e4f3a02';
const REFUND_ID = '9c1b2a3d-4e5f-4a6b-8c7d-9e0f1a2b3c04';

const eligibility = (action: RefundEligibility['action'], reason = ''): RefundEligibility => ({
  action,
  reason,
  hoursSincePayment: 2,
  completionPercent: 5,
});

function purchase(overrides: Partial<Purchase>): Purchase {
  return {
    orderId: 'order_AAAAAAAAAAAAAA',
    courseId: 'rag-from-scratch',
    courseTitle: 'RAG from Scratch',
    tierTitle: 'Weekly Access',
    status: 'paid',
    amount: 99_900,
    listAmount: 99_900,
    couponCode: null,
    refundedAmount: 0,
    paymentId: 'pay_AAAAAAAAAAAAAA',
    createdAt: '2027-01-05T04:00:00.000Z',
    paidAt: '2027-01-05T04:01:00.000Z',
    refundedAt: null,
    invoice: { id: INVOICE_ID, number: 'INV/2627/00001', amount: 99_900, issuedAt: '2027-01-05T04:01:00.000Z' },
    creditNotes: [],
    refunds: [],
    eligibility: eligibility('none', 'More than 48 hours have passed since your payment (73 hours).'),
    ...overrides,
  };
}

function refund(overrides: Partial<Refund>): Refund {
  return {
    id: REFUND_ID,
    kind: 'self_serve',
    status: 'processed',
    amount: 79_900,
    reason: null,
    decisionReason: null,
    createdAt: '2027-01-06T05:00:00.000Z',
    processedAt: '2027-01-06T05:00:00.000Z',
    ...overrides,
  };
}

/** The order the Refund button is for: ₹799 after the SAVE20 coupon, within the policy's first 12 hours. */
const REFUNDABLE = purchase({
  orderId: 'order_REFUNDABLE0001',
  paymentId: 'pay_REFUNDABLE0001',
  amount: 79_900,
  listAmount: 99_900,
  couponCode: 'SAVE20',
  createdAt: '2027-01-10T04:00:00.000Z',
  paidAt: '2027-01-10T04:01:00.000Z',
  eligibility: eligibility('refund', 'Within 12 hours of payment and under 20% watched.'),
});
const REQUESTABLE = purchase({
  orderId: 'order_REQUESTABLE001',
  courseId: 'agents',
  courseTitle: 'AI Agents',
  tierTitle: null,
  createdAt: '2027-01-09T04:00:00.000Z',
  paidAt: '2027-01-09T04:01:00.000Z',
  invoice: null,
  eligibility: eligibility('request', 'Within 48 hours of payment and under 25% watched.'),
});
const TOO_LATE = purchase({ orderId: 'order_TOOLATE000001', createdAt: '2027-01-01T04:00:00.000Z' });

function api(purchases: Purchase[], overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /users/me/purchases': () => ({ status: 200, body: { purchases } }),
    'GET /users/me/billing': () => ({ status: 200, body: { profile: null } }),
    ...overrides,
  });
}

const renderPage = () => renderAt(<PurchasesPage />, '/purchases', { signedIn: LEARNER });
const card = (title: string | RegExp) => within(screen.getByRole('article', { name: title }) as HTMLElement);
const cards = () => screen.getAllByRole('article');

describe('PurchasesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('speaks the chosen language: Hindi words, a Hindi date, the amount and references as they are', async () => {
    await activateLanguage('hi');
    try {
      api([
        REFUNDABLE,
        purchase({
          status: 'refunded',
          refundedAmount: 99_900,
          refunds: [refund({ amount: 99_900 })],
          eligibility: null,
        }),
      ]);
      renderPage();
      expect(screen.getByRole('heading', { level: 1, name: 'खरीद का इतिहास' })).toBeInTheDocument();
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      const [newest, refunded] = cards().map((c) => within(c));
      expect(newest?.getByText('Weekly Access · 10 जन॰ 2027')).toBeInTheDocument();
      expect(newest?.getByText('भुगतान आईडी')).toBeInTheDocument();
      expect(newest?.getByText('कूपन SAVE20')).toBeInTheDocument();
      expect(newest?.getByText('₹799')).toBeInTheDocument();
      expect(newest?.getByRole('button', { name: 'रिफ़ंड' })).toBeInTheDocument();
      expect(refunded?.getByText('6 जन॰ 2027 को रिफ़ंड हुआ')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'बिलिंग विवरण' })).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });

  it('lists each order newest first with its amount, status, references and documents', async () => {
    api([
      TOO_LATE,
      purchase({
        orderId: 'order_REFUNDED00001',
        courseTitle: 'Refunded course',
        status: 'refunded',
        refundedAmount: 99_900,
        createdAt: '2027-01-03T04:00:00.000Z',
        creditNotes: [
          { id: CREDIT_NOTE_ID, number: 'CN/2627/00001', amount: 99_900, issuedAt: '2027-01-03T06:00:00.000Z' },
        ],
        refunds: [refund({ amount: 99_900, processedAt: '2027-01-03T06:00:00.000Z' })],
        eligibility: null,
      }),
      REFUNDABLE,
      purchase({
        orderId: 'order_PENDING000001',
        courseTitle: 'Pending course',
        status: 'created',
        paymentId: null,
        paidAt: null,
        invoice: null,
        createdAt: '2027-01-02T04:00:00.000Z',
        eligibility: null,
      }),
      purchase({
        orderId: 'order_FAILED0000001',
        courseTitle: 'Failed course',
        status: 'failed',
        paymentId: null,
        paidAt: null,
        invoice: null,
        createdAt: '2027-01-02T03:00:00.000Z',
        eligibility: null,
      }),
    ]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'RAG from Scratch',
      'Refunded course',
      'Pending course',
      'Failed course',
      'RAG from Scratch',
    ]);

    const newest = within(cards()[0] as HTMLElement);
    expect(newest.getByRole('link', { name: 'RAG from Scratch' })).toHaveAttribute('href', '/course/rag-from-scratch');
    expect(newest.getByText('Weekly Access · 10 Jan 2027')).toBeInTheDocument();
    expect(newest.getByText('Paid')).toBeInTheDocument();
    expect(newest.getByText('₹799')).toBeInTheDocument();
    expect(newest.getByText('₹999', { exact: false })).toHaveClass('line-through');
    expect(newest.getByText('Coupon SAVE20')).toBeInTheDocument();
    expect(newest.getByText('order_REFUNDABLE0001')).toBeInTheDocument();
    expect(newest.getByText('pay_REFUNDABLE0001')).toBeInTheDocument();
    expect(newest.getByRole('link', { name: 'Download invoice INV/2627/00001' })).toHaveAttribute(
      'href',
      `/api/v1/invoices/${INVOICE_ID}/pdf`,
    );

    const refunded = card('Refunded course');
    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(refunded.getByText('Refunded on 3 Jan 2027')).toBeInTheDocument();
    expect(refunded.getByRole('link', { name: 'Download credit note CN/2627/00001' })).toHaveAttribute(
      'href',
      `/api/v1/invoices/${CREDIT_NOTE_ID}/pdf`,
    );
    expect(refunded.queryByRole('button')).not.toBeInTheDocument();

    expect(card('Pending course').getByText('Pending')).toBeInTheDocument();
    expect(card('Pending course').queryByText('Payment ID')).not.toBeInTheDocument();
    expect(card('Pending course').queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    expect(card('Failed course').getByText('Failed')).toBeInTheDocument();
  });

  it("shows what the policy allows: the reason when nothing, and each refund's status", async () => {
    api([
      TOO_LATE,
      purchase({
        orderId: 'order_PARTLY0000001',
        courseTitle: 'Partly refunded course',
        refundedAmount: 20_000,
        refunds: [refund({ kind: 'staff', amount: 20_000 })],
      }),
      purchase({
        orderId: 'order_REJECTED00001',
        courseTitle: 'Declined course',
        refunds: [
          refund({
            kind: 'request',
            status: 'rejected',
            processedAt: null,
            decisionReason: 'You watched most of the course.',
          }),
        ],
      }),
      purchase({
        orderId: 'order_INPROGRESS001',
        courseTitle: 'Refund under way',
        eligibility: eligibility('refund'),
        refunds: [refund({ status: 'pending', processedAt: null })],
      }),
      purchase({
        orderId: 'order_REQUESTED0001',
        courseTitle: 'Requested course',
        eligibility: eligibility('request'),
        refunds: [refund({ kind: 'request', status: 'requested', processedAt: null })],
      }),
    ]);
    renderPage();
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    const tooLate = card('RAG from Scratch');
    expect(tooLate.getByText('More than 48 hours have passed since your payment (73 hours).')).toBeInTheDocument();
    expect(tooLate.queryByRole('button')).not.toBeInTheDocument();

    expect(card('Partly refunded course').getByText('Partly refunded ₹200')).toBeInTheDocument();
    expect(card('Declined course').getByText('Cancellation request declined')).toBeInTheDocument();
    expect(card('Declined course').getByText('You watched most of the course.')).toBeInTheDocument();
    // An open refund or request: its status, and no second one offered.
    expect(card('Refund under way').getByText('Refund in progress')).toBeInTheDocument();
    expect(card('Refund under way').queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(card('Requested course').getByText('Cancellation requested')).toBeInTheDocument();
    expect(card('Requested course').queryByRole('button', { name: 'Request cancellation' })).not.toBeInTheDocument();
  });

  it('refunds once, even on a double click, after a confirmation that says what ends', async () => {
    let refunded = false;
    const calls = api([REFUNDABLE], {
      'GET /users/me/purchases': () => ({
        status: 200,
        body: {
          purchases: [
            refunded
              ? {
                  ...REFUNDABLE,
                  status: 'refunded',
                  refundedAmount: 79_900,
                  eligibility: null,
                  refunds: [refund({})],
                }
              : REFUNDABLE,
          ],
        },
      }),
      'POST /payments/orders/order_REFUNDABLE0001/refund': async () => {
        refunded = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return {
          status: 200,
          body: { refund: refund({}), message: 'Your refund of ₹799 is on its way: 5-7 business days.' },
        };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Refund RAG from Scratch?' });
    expect(dialog).toHaveTextContent('You get ₹799 back');
    expect(dialog).toHaveTextContent('Your access to this course ends now');
    expect(dialog).toHaveTextContent('any certificate you earned for it is revoked');
    expect(calls.callsTo('POST', '/payments/orders/order_REFUNDABLE0001/refund')).toEqual([]);

    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund ₹799' }));
    const message = await screen.findByText('Your refund of ₹799 is on its way: 5-7 business days.');
    expect(message.closest('li')).toHaveTextContent(/^Refunded/);
    expect(calls.callsTo('POST', '/payments/orders/order_REFUNDABLE0001/refund')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card('RAG from Scratch').getByText(/^Refunded on/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it("says why a refund was refused and keeps the order's action", async () => {
    const calls = api([REFUNDABLE], {
      'POST /payments/orders/order_REFUNDABLE0001/refund': () => ({
        status: 409,
        body: { code: 'refund_not_allowed', detail: 'More than 12 hours have passed since your payment.' },
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund ₹799' }));
    const message = await screen.findByText('More than 12 hours have passed since your payment.');
    expect(message.closest('li')).toHaveTextContent(/^Refund failed/);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Refund' })).toBeEnabled();
    expect(calls.callsTo('POST', '/payments/orders/order_REFUNDABLE0001/refund')).toHaveLength(1);
  });

  it('sends a cancellation request with its required reason, once, and then shows it', async () => {
    let requested = false;
    const calls = api([REQUESTABLE], {
      'GET /users/me/purchases': () => ({
        status: 200,
        body: {
          purchases: [
            requested
              ? { ...REQUESTABLE, refunds: [refund({ kind: 'request', status: 'requested', processedAt: null })] }
              : REQUESTABLE,
          ],
        },
      }),
      'POST /payments/orders/order_REQUESTABLE001/cancellation-request': async () => {
        requested = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return {
          status: 200,
          body: {
            refund: refund({ kind: 'request', status: 'requested', processedAt: null }),
            message: 'We will review your request within 3-5 business days.',
          },
        };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request cancellation' }));
    const dialog = screen.getByRole('dialog', { name: 'Request cancellation' });
    const reason = within(dialog).getByLabelText(/^Why do you want to cancel\?/);
    expect(reason).toBeRequired();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Tell us briefly why you want to cancel.')).toBeInTheDocument();
    expect(reason).toHaveFocus();
    expect(calls.callsTo('POST', '/payments/orders/order_REQUESTABLE001/cancellation-request')).toEqual([]);

    await user.type(reason, 'The course is not what I expected.');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send request' }));
    const message = await screen.findByText('We will review your request within 3-5 business days.');
    expect(message.closest('li')).toHaveTextContent(/^Cancellation requested/);
    expect(
      calls.callsTo('POST', '/payments/orders/order_REQUESTABLE001/cancellation-request').map((c) => c.body),
    ).toEqual([{ reason: 'The course is not what I expected.' }]);
    await waitFor(() => expect(card('AI Agents').getByText('Cancellation requested')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).not.toBeInTheDocument();
  });

  it('says when there are no purchases yet, with a way to the courses', async () => {
    api([]);
    renderPage();
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });

  it('shows the billing details and edits them in the same dialog', async () => {
    const profile = { name: 'Asha Rao', stateCode: '29', stateName: 'Karnataka', gstin: null, address: null };
    const calls = api([], {
      'GET /users/me/billing': () => ({ status: 200, body: { profile } }),
      'PUT /users/me/billing': ({ body }) => ({
        status: 200,
        body: { ...(body as object), stateName: 'Maharashtra' },
      }),
    });
    renderPage();
    const section = within(screen.getByRole('region', { name: 'Billing details' }));
    expect(await section.findByText('Asha Rao')).toBeInTheDocument();
    expect(section.getByText('Karnataka')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Billing details' }));
    expect(dialog.getByLabelText(/^Name on the invoice/)).toHaveValue('Asha Rao');
    expect(dialog.getByLabelText(/^State or union territory/)).toHaveValue('29');
    await user.selectOptions(dialog.getByLabelText(/^State or union territory/), 'Maharashtra');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(calls.callsTo('PUT', '/users/me/billing').map((c) => c.body)).toEqual([
      { name: 'Asha Rao', stateCode: '27', gstin: null, address: null },
    ]);
    expect(section.getByText('Maharashtra')).toBeInTheDocument();
  });
});
