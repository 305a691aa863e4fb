import type { AdminOrderDetail, AdminOrderSummary } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderConsolePage, stubConsoleApi, supportMe } from '../testing';
import { AdminOrderPage } from './admin-order-page';
import { AdminOrdersPage } from './admin-orders-page';

const summary: AdminOrderSummary = {
  orderId: 'order_Pq1',
  paymentId: 'pay_Zx9',
  status: 'paid',
  amount: 399_920,
  refundedAmount: 0,
  courseId: 'agents-in-production',
  courseTitle: 'Agents in Production',
  tierTitle: 'Lifetime',
  couponCode: 'DIWALI20',
  learner: { id: 'u2', name: 'Ravi Kumar', email: 'ravi@example.com' },
  createdAt: '2026-11-24T08:00:00.000Z',
  paidAt: '2026-11-24T08:01:00.000Z',
};

const INVOICE_ID = '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const detail: AdminOrderDetail = {
  ...summary,
  invoice: { id: INVOICE_ID, number: 'INV/2627/00001', amount: 399_920, issuedAt: '2026-11-24T08:01:00.000Z' },
  creditNotes: [],
  refunds: [],
  eligibility: {
    action: 'none',
    reason: 'More than 48 hours have passed.',
    hoursSincePayment: 50,
    completionPercent: 3,
  },
};

const REFUND = 'POST /admin/orders/order_Pq1/refunds';

const COURSES = {
  items: [
    { id: 'agents-in-production', title: 'Agents in Production' },
    { id: 'rag-from-scratch', title: 'RAG from Scratch' },
  ].map((course) => ({
    ...course,
    status: 'published',
    difficulty: 'Beginner',
    pricePaise: 499_900,
    lessons: 10,
    students: 3,
    featured: false,
    updatedAt: '2026-11-01T08:00:00.000Z',
  })),
  page: 1,
  pages: 1,
  total: 2,
};

/** n orders after `summary`, told apart by their reference. */
const ordersNamed = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...summary, orderId: `${prefix}${i + 1}`, paymentId: null }));

const listCalls = (api: ReturnType<typeof stubConsoleApi>) =>
  api.calls.filter((call) => call.key === 'GET /admin/orders').map((call) => Object.fromEntries(call.query));

describe('Orders', () => {
  it('lists the latest orders and searches by reference, payment id or email', async () => {
    const api = stubConsoleApi({
      'GET /admin/courses': () => json(200, COURSES),
      'GET /admin/orders': ({ query }) =>
        json(200, { orders: query.get('q') === 'nobody@example.com' ? [] : [summary], nextCursor: null }),
    });
    renderConsolePage(<AdminOrdersPage />, { route: 'orders', path: '/admin/orders' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Latest orders, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent(
      /order_Pq1.*pay_Zx9.*Ravi Kumar.*ravi@example.com.*Agents in Production.*Lifetime.*₹3,999.20.*DIWALI20.*Paid/,
    );
    expect(within(table).getByRole('link', { name: 'order_Pq1' })).toHaveAttribute('href', '/admin/orders/order_Pq1');
    expect(screen.getByText('1 order, all shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Order reference, payment id or learner email'), ' nobody@example.com ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/No order's reference or payment id is "nobody@example.com"/)).toBeInTheDocument();
    expect(listCalls(api).map((query) => query.q)).toEqual([undefined, 'nobody@example.com']);
  });

  it('reads its filters from the URL into the form and the request, and writes the form back to the URL', async () => {
    const api = stubConsoleApi({
      'GET /admin/courses': () => json(200, COURSES),
      'GET /admin/orders': () => json(200, { orders: [summary], nextCursor: null }),
    });
    const router = renderConsolePage(<AdminOrdersPage />, {
      route: 'orders',
      path: '/admin/orders?status=paid&from=2026-03-01&to=2026-03-31&courseId=rag-from-scratch&minAmount=499.5&q=ravi&maxAmount=junk',
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('table', { name: 'Orders matching the filters, newest first' })).toBeInTheDocument();
    const form = screen.getByRole('search', { name: 'Orders' });
    expect(within(form).getByLabelText('Order reference, payment id or learner email')).toHaveValue('ravi');
    expect(within(form).getByLabelText('Status')).toHaveValue('paid');
    expect(within(form).getByLabelText(/^Made from/)).toHaveValue('2026-03-01');
    expect(within(form).getByLabelText(/^Made until/)).toHaveValue('2026-03-31');
    expect(within(form).getByLabelText('Amount at least (₹)')).toHaveValue('499.5');
    // A value edited into something the API would refuse is left out.
    expect(within(form).getByLabelText('Amount at most (₹)')).toHaveValue('');
    await waitFor(() => expect(within(form).getByLabelText('Course')).toHaveDisplayValue('RAG from Scratch'));
    expect(listCalls(api)).toEqual([
      {
        q: 'ravi',
        status: 'paid',
        from: '2026-03-01',
        to: '2026-03-31',
        courseId: 'rag-from-scratch',
        minAmount: '499.5',
        limit: '50',
      },
    ]);

    await user.selectOptions(within(form).getByLabelText('Status'), 'Refunded');
    await user.selectOptions(within(form).getByLabelText('Course'), 'Any course');
    await user.clear(within(form).getByLabelText('Amount at least (₹)'));
    await user.type(within(form).getByLabelText('Amount at most (₹)'), '₹1,499.50');
    await user.clear(within(form).getByLabelText('Order reference, payment id or learner email'));
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'refunded',
      from: '2026-03-01',
      to: '2026-03-31',
      maxAmount: '1499.50',
    });
    expect(listCalls(api)[1]).toEqual({
      status: 'refunded',
      from: '2026-03-01',
      to: '2026-03-31',
      maxAmount: '1499.50',
      limit: '50',
    });

    // Clearing empties the URL and the form.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('search', { name: 'Orders' })).toHaveFormValues({ status: '', from: '', maxAmount: '' });
  });

  it('refuses filters that cannot match before asking, and says why next to the field', async () => {
    const api = stubConsoleApi({
      'GET /admin/courses': () => json(200, COURSES),
      'GET /admin/orders': () => json(200, { orders: [summary], nextCursor: null }),
    });
    const router = renderConsolePage(<AdminOrdersPage />, { route: 'orders', path: '/admin/orders' });
    const user = userEvent.setup();
    await screen.findByRole('table');
    const form = screen.getByRole('search', { name: 'Orders' });
    await user.type(within(form).getByLabelText('Amount at least (₹)'), '500');
    await user.type(within(form).getByLabelText('Amount at most (₹)'), '499.99');
    await user.type(within(form).getByLabelText(/^Made from/), '2026-03-31');
    await user.type(within(form).getByLabelText(/^Made until/), '2026-03-01');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    const until = within(form).getByLabelText(/^Made until/);
    expect(until).toHaveAccessibleDescription(/The end date must be on or after the start date\./);
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Amount at most (₹)')).toHaveAccessibleDescription(
      'The largest amount must be at least the smallest.',
    );
    expect(until).toHaveFocus();
    await user.clear(within(form).getByLabelText('Amount at least (₹)'));
    await user.type(within(form).getByLabelText('Amount at least (₹)'), '-5');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByLabelText('Amount at least (₹)')).toHaveAccessibleDescription(
      /The smallest amount must be a number of rupees/,
    );
    expect(router.state.location.search).toBe('');
    expect(listCalls(api)).toHaveLength(1);
  });

  it('loads more orders from the cursor of the last page, keeping the filters', async () => {
    const api = stubConsoleApi({
      'GET /admin/courses': () => json(200, COURSES),
      'GET /admin/orders': ({ query }) =>
        query.get('cursor') === 'page2'
          ? json(200, { orders: ordersNamed('order_Second', 2), nextCursor: null })
          : json(200, { orders: ordersNamed('order_First', 3), nextCursor: 'page2' }),
    });
    renderConsolePage(<AdminOrdersPage />, { route: 'orders', path: '/admin/orders?status=paid' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Showing the newest 3 orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByText('5 orders, all shown')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['order_First1', 'order_First2', 'order_First3', 'order_Second1', 'order_Second2']);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
    expect(listCalls(api)).toEqual([
      { status: 'paid', limit: '50' },
      { status: 'paid', cursor: 'page2', limit: '50' },
    ]);
  });

  it('offers admins the CSV of the chosen days, and says what it needs until both are set', async () => {
    stubConsoleApi({
      'GET /admin/courses': () => json(200, COURSES),
      'GET /admin/orders': () => json(200, { orders: [summary], nextCursor: null }),
    });
    const router = renderConsolePage(<AdminOrdersPage />, {
      route: 'orders',
      path: '/admin/orders?from=2026-03-01&status=paid&courseId=rag-from-scratch&minAmount=100',
    });
    const user = userEvent.setup();
    await screen.findByRole('table');
    const waiting = screen.getByRole('button', { name: 'Export CSV' });
    expect(waiting).toBeDisabled();
    expect(waiting).toHaveAccessibleDescription('Choose both dates to export the orders paid on them.');

    await user.type(screen.getByLabelText(/^Made until/), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    // The days, status and course; not the search or the amounts.
    expect(link).toHaveAttribute(
      'href',
      '/api/v1/admin/orders/export.csv?from=2026-03-01&to=2026-03-31&status=paid&courseId=rag-from-scratch',
    );
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAccessibleDescription(/orders paid from 2026-03-01 to 2026-03-31 \(IST\)/);

    // More than 366 days, or a status the export does not list: no file yet, and why.
    await router.navigate('/admin/orders?from=2025-01-01&to=2026-01-02');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription(
      /Export at most 366 days at a time/,
    );
    await router.navigate('/admin/orders?from=2025-01-01&to=2026-01-01&status=failed');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription(
        /lists paid and refunded orders/,
      ),
    );
    await router.navigate('/admin/orders?from=2025-01-01&to=2026-01-01');
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/admin/orders/export.csv?from=2025-01-01&to=2026-01-01',
    );
  });

  it('offers support no export (the API refuses it to them too)', async () => {
    stubConsoleApi({
      'GET /admin/courses': () => json(200, COURSES),
      'GET /admin/orders': () => json(200, { orders: [summary], nextCursor: null }),
    });
    renderConsolePage(<AdminOrdersPage />, {
      route: 'orders',
      path: '/admin/orders?from=2026-03-01&to=2026-03-31',
      me: supportMe,
    });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});

describe('An order', () => {
  const renderOrder = () =>
    renderConsolePage(<AdminOrderPage />, { route: 'orders/:id', path: '/admin/orders/order_Pq1' });

  it('shows its facts, timeline, invoice and refunds', async () => {
    stubConsoleApi({
      'GET /admin/orders/order_Pq1': () =>
        json(200, {
          ...detail,
          refundedAmount: 100_000,
          creditNotes: [
            {
              id: '6e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
              number: 'CN/2627/00001',
              amount: 100_000,
              issuedAt: '2026-11-25T10:00:00.000Z',
            },
          ],
          refunds: [
            {
              id: '7f3a4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b6c',
              kind: 'staff',
              status: 'processed',
              amount: 100_000,
              reason: 'Goodwill for a broken lesson.',
              decisionReason: null,
              createdAt: '2026-11-25T09:59:00.000Z',
              processedAt: '2026-11-25T10:00:00.000Z',
            },
          ],
        }),
    });
    renderOrder();
    expect(await screen.findByRole('heading', { level: 2, name: 'Order order_Pq1' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Order' });
    expect(facts).toHaveTextContent(/Learner.*Ravi Kumar.*ravi@example.com/);
    expect(facts).toHaveTextContent(/Amount paid.*₹3,999.20/);
    expect(facts).toHaveTextContent(/Coupon.*DIWALI20/);
    expect(facts).toHaveTextContent(/Refunded.*₹1,000.*\(₹2,999.20 left\)/);
    expect(facts).toHaveTextContent(/Payment id.*pay_Zx9/);
    expect(facts).toHaveTextContent('50 hours since payment, 3% watched');
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((item) => item.textContent?.replace(/^.*(am|pm)/i, ''))).toEqual([
      'Order created',
      'Paid',
      'Refund of ₹1,000 started',
      'Refunded ₹1,000',
    ]);
    const documents = screen.getByRole('region', { name: 'Invoice and credit notes' });
    expect(within(documents).getByRole('link', { name: 'Invoice INV/2627/00001 (PDF)' })).toHaveAttribute(
      'href',
      `/api/v1/invoices/${INVOICE_ID}/pdf`,
    );
    expect(within(documents).getByRole('link', { name: 'Credit note CN/2627/00001 (PDF)' })).toHaveAttribute(
      'href',
      '/api/v1/invoices/6e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b/pdf',
    );
    const refunds = screen.getByRole('table', { name: 'Refunds of this order, newest first' });
    expect(within(refunds).getAllByRole('row')[1]).toHaveTextContent(
      /Staff refund.*₹1,000.*Processed.*Goodwill for a broken lesson\./,
    );
  });

  it('refunds part of the order: rupees sent as paise with the reason, after confirming', async () => {
    const api = stubConsoleApi({
      'GET /admin/orders/order_Pq1': () => json(200, detail),
      'GET /admin/orders': () => json(200, { orders: [] }),
      'GET /admin/refunds': () => json(200, { refunds: [] }),
      [REFUND]: ({ body }) => {
        const { amount, reason } = body as { amount: number; reason: string };
        return json(200, {
          ...detail,
          refundedAmount: amount,
          refunds: [
            {
              id: '7f3a4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b6c',
              kind: 'staff',
              status: 'processed',
              amount,
              reason,
              decisionReason: null,
              createdAt: '2026-11-25T09:59:00.000Z',
              processedAt: '2026-11-25T10:00:00.000Z',
            },
          ],
        });
      },
    });
    renderOrder();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Refund this order' });
    const amount = within(card).getByLabelText(/^Amount/);
    expect(amount).toHaveValue('3999.20');
    expect(amount).toHaveAccessibleDescription(/Up to ₹3,999.20/);

    // A reason is required, and no more than what is left.
    await user.clear(amount);
    await user.type(amount, '4000');
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(/At most ₹3,999.20 is left to refund\./);
    expect(within(card).getByLabelText(/^Reason/)).toHaveAccessibleDescription(/Give a reason for the audit log\./);
    expect(api.sent(REFUND)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '1,000.50');
    await user.type(within(card).getByLabelText(/^Reason/), 'Goodwill for a broken lesson.');
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund ₹1,000.50?' });
    expect(dialog).toHaveTextContent('₹2,998.70 stays paid and the learner keeps their access.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refunded ₹1,000.50. The learner is emailed a credit note.')).toBeInTheDocument();
    expect(api.sent(REFUND)).toEqual([{ amount: 100_050, reason: 'Goodwill for a broken lesson.' }]);
    // The order as the API answered it: the new refund, and the form starting from what is left.
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent(/Refunded.*₹1,000.50/);
    expect(within(screen.getByRole('region', { name: 'Refund this order' })).getByLabelText(/^Amount/)).toHaveValue(
      '2998.70',
    );
  });

  it('says so when Razorpay did not answer: the refund is pending, and the order is read again', async () => {
    let reads = 0;
    stubConsoleApi({
      'GET /admin/orders/order_Pq1': () => {
        reads++;
        return json(200, detail);
      },
      'GET /admin/orders': () => json(200, { orders: [] }),
      'GET /admin/refunds': () => json(200, { refunds: [] }),
      [REFUND]: () => json(503, { code: 'refund_pending' }),
    });
    renderOrder();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Refund this order' });
    await user.type(within(card).getByLabelText(/^Reason/), 'Duplicate payment.');
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Razorpay did not answer in time. The refund is pending and settles when Razorpay confirms it; do not refund again.',
    );
    expect(reads).toBe(2);
  });

  it('offers no refund form for an order with an open cancellation request', async () => {
    stubConsoleApi({
      'GET /admin/orders/order_Pq1': () =>
        json(200, {
          ...detail,
          refunds: [
            {
              id: '7f3a4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b6c',
              kind: 'request',
              status: 'requested',
              amount: 399_920,
              reason: 'Too hard.',
              decisionReason: null,
              createdAt: '2026-11-25T09:59:00.000Z',
              processedAt: null,
            },
          ],
        }),
    });
    renderOrder();
    const card = await screen.findByRole('region', { name: 'Refund this order' });
    expect(card).toHaveTextContent('The learner has asked to cancel this order: decide their request in Refunds.');
    expect(within(card).getByRole('link', { name: 'Go to Refunds' })).toHaveAttribute('href', '/admin/refunds');
    expect(within(card).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('says plainly when there is no such order', async () => {
    stubConsoleApi({
      'GET /admin/orders/order_Pq1': () =>
        json(404, { code: 'order_not_found', detail: 'There is no order with this reference.' }),
    });
    renderOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no order with this reference.');
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
